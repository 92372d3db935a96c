// Starts a server child for a test run and proves that what answers on its port is that child, this checkout.
import { spawn } from 'node:child_process';
import net from 'node:net';

/** A port nobody listens on now: the kernel picks it, so a server left over on a fixed port is never tested. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Spawns the server and resolves once it answers `readyPath` on `port` AND has printed `readyLine` (main.ts prints
 * it only after its own listen() succeeded). Rejects as soon as the child exits: a stranger already on the port
 * answers too, but the child then fails with EADDRINUSE, and the run must stop rather than test the stranger.
 */
export function startOwnServer({ command, args, env, port, readyPath, readyLine, timeoutMs = 300_000 }) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let exited = null;
  let listening = false;
  let tail = '';
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    tail = (tail + chunk.toString()).slice(-512);
    if (tail.includes(readyLine)) listening = true;
  });
  child.on('exit', (code, signal) => {
    exited = `server exited (${signal ?? `code ${code}`})`;
  });
  const ready = (async () => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (exited) throw new Error(`${exited} before answering on port ${port}`);
      try {
        const r = await fetch(`http://127.0.0.1:${port}${readyPath}`);
        if (r.ok && listening && !exited) return;
      } catch {}
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`server did not start within ${timeoutMs / 1000} s`);
  })();
  return { child, ready, exitReason: () => exited };
}
