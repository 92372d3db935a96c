// Builds the console if needed, starts the real server on a fresh embedded database, runs the browser suite.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}. Install it with: apt-get update && apt-get install -y chromium`,
  );
  process.exit(1);
}

const build = spawnSync('node', ['scripts/ensure-web-build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(join(tmpdir(), 'fpy-e2e-'));
const port = Number(process.env.E2E_PORT ?? 9711);
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitUp() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/auth/publicKey`);
      if (r.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start within 120 s');
}

let status = 1;
try {
  await waitUp();
  const extra = (process.env.VITEST_EXTRA_ARGS ?? '').split(' ').filter(Boolean);
  const r = spawnSync('npx', ['vitest', 'run', '--project', 'browser', ...extra], {
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: `http://127.0.0.1:${port}`, CHROMIUM_PATH: chromium },
  });
  status = r.status ?? 1;
} catch (e) {
  console.error(e.message);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
