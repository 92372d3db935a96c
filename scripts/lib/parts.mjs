// Runs the parts of `npm test` as child processes, each writing its full output to test-results/<part>.log while
// only a prefixed summary reaches the console, so parts running side by side stay readable.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';

/** Lines worth streaming: vitest's per-file results and totals, and anything that reads as an error. */
const SUMMARY =
  /^\s*[✓×❯↓]\s+\|?(unit|api|browser)\|?\s|^\s+× |^\s*(Test Files|Tests|Duration)\s|FAIL|error TS\d+|Checked \d+ files|Found \d+ errors?|is not reachable/;

/**
 * Spawns one part. Resolves with { name, title, status, seconds } once it exits; never rejects, so one failing
 * part cannot leave the others' results unread.
 */
export function runPart({ name, title, cmd, args, env = {}, dir }) {
  const started = Date.now();
  const logPath = `${dir}/${name}.log`;
  const log = createWriteStream(logPath);
  const prefix = `[${name}]`;
  console.log(`${prefix} ▶ ${title}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      env: { ...process.env, ...env, FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    const onData = (chunk) => {
      log.write(chunk);
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) if (SUMMARY.test(line)) console.log(`${prefix} ${line.trimEnd()}`);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const finish = (status) => {
      const seconds = (Date.now() - started) / 1000;
      log.end(() => {
        console.log(
          `${prefix} ${status === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s (log: ${logPath})`,
        );
        resolve({ name, title, status, seconds, logPath });
      });
    };
    child.on('error', (e) => {
      log.write(`\n${e.stack}\n`);
      finish(1);
    });
    child.on('exit', (code, signal) => {
      if (signal) log.write(`\nkilled by ${signal}\n`);
      finish(code ?? 1);
    });
  });
}

/**
 * What a failed part says about why: vitest's "Failed Tests/Suites" block when there is one (the summary after it),
 * else the log's last lines.
 */
export function failureExcerpt(logPath, maxLines = 200) {
  const lines = readFileSync(logPath, 'utf8').split('\n');
  const start = lines.findIndex((l) => /⎯ Failed (Tests|Suites) \d+/.test(l));
  const from = start >= 0 ? start : Math.max(0, lines.length - 60);
  const shown = lines.slice(from, from + maxLines);
  const cut =
    lines.length - from > maxLines ? `\n… ${lines.length - from - maxLines} more lines in ${logPath}` : '';
  return shown.join('\n') + cut;
}
