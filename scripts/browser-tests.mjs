// Builds the console if needed, starts the real server on a fresh embedded database, runs the browser suite.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startOwnServer } from './lib/own-server.mjs';

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
const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
const {
  child: server,
  ready,
  exitReason,
} = startOwnServer({
  command: process.execPath,
  args: ['--import', 'tsx', 'apps/server/src/main.ts'],
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    // The delivery flow's SMTP server listens on loopback: allowed for the outbound guard (issue 28 §1).
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1,::1',
  },
  port,
  readyPath: '/api/auth/publicKey',
  readyLine: ' is running: ',
});

let status = 1;
try {
  await ready;
  const extra = (process.env.VITEST_EXTRA_ARGS ?? '').split(' ').filter(Boolean);
  const tests = spawn('npx', ['vitest', 'run', '--project', 'browser', ...extra], {
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: `http://127.0.0.1:${port}`, CHROMIUM_PATH: chromium },
  });
  // A server that dies mid-run ends the run: whatever answers afterwards is not this checkout.
  const onServerExit = () => tests.kill('SIGTERM');
  server.once('exit', onServerExit);
  status = await new Promise((res) => tests.on('exit', (code) => res(code ?? 1)));
  server.off('exit', onServerExit);
  if (exitReason()) {
    console.error(`${exitReason()} during the browser tests`);
    status = 1;
  }
} catch (e) {
  console.error(e.message);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
