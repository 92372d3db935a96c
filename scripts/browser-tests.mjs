// Builds the console if needed, starts the real server on a fresh embedded database, runs the browser suite.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import net from 'node:net';
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

/** A port nobody listens on now: the kernel picks it, so a server left over on a fixed port is never tested. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'fpy-e2e-'));
const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
// main.ts prints this line only after its own listen() succeeded: proof that the port is our child's.
let listening = false;
let tail = '';
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  tail = (tail + chunk.toString()).slice(-512);
  if (tail.includes(' is running: ')) listening = true;
});
// The suite must test this checkout's server: if it dies (say the port was taken after all), stop at once.
let exited = null;
server.on('exit', (code, signal) => {
  exited = `server exited (${signal ?? `code ${code}`})`;
});

async function waitUp() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${exited} before answering on port ${port}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/auth/publicKey`);
      // Answered by our child, not by a stranger on the port: it is alive and its own listen() succeeded.
      if (r.ok && listening && !exited) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start within 120 s');
}

let status = 1;
try {
  await waitUp();
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
  if (exited) {
    console.error(`${exited} during the browser tests`);
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
