// An older commit checked out and installed beside this one, so that one bench run can measure both.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const run = (cmd: string, args: string[], cwd: string, timeoutMs: number) => {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], timeout: timeoutMs });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd} (status ${r.status})`);
  return r.stdout.toString().trim();
};

/**
 * `.bench/baseline/<sha>` (ignored by git): a detached git worktree of `rev` with its own `npm ci`, reused by
 * every later run. No web build: the API answers without the console.
 * Returns the folder to start that commit's server from.
 */
export function prepareBaseline(rev: string, repo = process.cwd()): { dir: string; sha: string } {
  const sha = run('git', ['rev-parse', '--verify', `${rev}^{commit}`], repo, 10_000);
  const dir = resolve(repo, '.bench', 'baseline', sha.slice(0, 12));
  if (!existsSync(join(dir, 'package.json'))) {
    // A folder removed by hand leaves a stale worktree entry behind; prune it before adding again.
    run('git', ['worktree', 'prune'], repo, 10_000);
    console.log(`bench baseline: git worktree ${dir} at ${sha.slice(0, 12)}`);
    run('git', ['worktree', 'add', '--detach', dir, sha], repo, 60_000);
  }
  // The folder is per commit, so a finished install is final. `npm install`, not `npm ci`: an older lock file
  // may miss optional platform packages that a newer npm insists on.
  const stamp = join(dir, 'node_modules', '.bench-baseline-installed');
  if (!existsSync(stamp)) {
    console.log(`bench baseline: npm install in ${dir} (once; later runs reuse it)`);
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], dir, 15 * 60_000);
    writeFileSync(stamp, sha);
  }
  return { dir, sha };
}
