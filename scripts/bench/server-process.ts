import { type ChildProcess, spawn } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface BenchServer {
  url: string;
  proc: ChildProcess;
  encrypt(pw: string): string;
  login(username: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

/** Starts the real server as its own process (as in production) on a fresh embedded database. */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  // A start may migrate a large database first (bench:seed builds indexes on a million rows).
  startTimeoutMs = 120_000,
  // cwd: another checkout of the product (an older commit built beside this one, bench/baseline.ts);
  // label: names its CPU profile.
  where: { cwd?: string; label?: string } = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fpy-bench-'));
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (for finding hot spots).
  const prof = process.env.BENCH_CPU_PROF
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROF)}`,
        ...(where.label ? [`--cpu-prof-name=${where.label}-${Date.now()}.cpuprofile`] : []),
      ]
    : [];
  const proc = spawn(process.execPath, [...prof, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: where.cwd,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_IP_PER_MINUTE: '100000000',
      RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000000',
      RATE_LIMIT_EVENTS_PER_MINUTE: '100000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  let pk = '';
  while (!pk) {
    if (Date.now() > deadline) {
      // Never leave a half-started server behind on its port.
      proc.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not start within ${startTimeoutMs / 1000} s`);
    }
    try {
      pk = ((await (await fetch(`${url}/api/auth/publicKey`)).json()) as { publicKey: string }).publicKey;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  const encrypt = (pw: string) =>
    publicEncrypt(
      { key: pk, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(pw),
    ).toString('base64');
  return {
    url,
    proc,
    encrypt,
    async login(username, password) {
      const res = await fetch(`${url}/api/auth/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('webApp:webApp').toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ username, password: encrypt(password), grant_type: 'password' }),
      });
      return ((await res.json()) as { access_token: string }).access_token;
    },
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * CPU the server process has used so far, in ms (Linux /proc; 0 elsewhere). Unlike a rate per second it hardly
 * moves when other work shares the machine, so two commits compare even on a busy machine.
 */
export function serverCpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

/**
 * Keeps a measured window clear of the server's slowest scheduled task. Scheduler ticks fall on wall-clock
 * multiples of their interval (apps/server/src/jobs/scheduler.ts); every 10 minutes 归集 syncs the received
 * invoices of every company, which after a bench has issued hundreds of invoices to a demo buyer is seconds of
 * CPU. Rounds whose window held that tick measured ~60 % slower than the others, so two commits compared on
 * a handful of rounds differed by chance. When the next tick would fall within `windowMs`, this waits until it
 * has passed and had `settleMs` to finish; both sides of a comparison call it alike.
 */
export async function clearOfSlowTick(windowMs: number, everyMs = 600_000, settleMs = 25_000) {
  const untilTick = everyMs - (Date.now() % everyMs);
  if (untilTick > windowMs) return;
  await new Promise((r) => setTimeout(r, untilTick + settleMs));
}

/**
 * Waits until the server has gone quiet: its CPU under `busyShare` of one core for `quietSamples` samples of
 * 500 ms in a row (at most `maxMs`). Issuing leaves work behind the 已开具 status — each invoice's layout
 * files render in worker threads for tens of seconds after the last one is issued — and a figure measured
 * next must not count it in some rounds and not in others.
 */
export async function untilQuiet(
  pid: number | undefined,
  busyShare = 0.1,
  quietSamples = 4,
  maxMs = 180_000,
) {
  const deadline = Date.now() + maxMs;
  let quiet = 0;
  let last = serverCpuMs(pid);
  while (quiet < quietSamples && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    const now = serverCpuMs(pid);
    quiet = now - last < 500 * busyShare ? quiet + 1 : 0;
    last = now;
  }
}
