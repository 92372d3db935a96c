import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startOwnServer } from './own-server.mjs';

// Issue 12 §8: the browser suite must test this checkout's server, never whatever already answers on a port.
const children = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

/** A tiny server child: listens on PORT, answers 200, and prints the ready line only after listen() succeeded. */
const childScript = `
  const http = require('node:http');
  const s = http.createServer((q, r) => r.end('{}'));
  s.on('error', () => process.exit(1));
  s.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('app is running: ok'));
`;

function start(port) {
  const run = startOwnServer({
    command: process.execPath,
    args: ['-e', childScript],
    env: { ...process.env, PORT: String(port) },
    port,
    readyPath: '/',
    readyLine: ' is running: ',
    timeoutMs: 15_000,
  });
  children.push(run.child);
  return run;
}

describe('the browser runner starts its own server', () => {
  it('picks a port nobody listens on', async () => {
    const port = await freePort();
    const probe = net.createServer();
    await new Promise((res, rej) => probe.once('error', rej).listen(port, '127.0.0.1', res));
    probe.close();
  });

  it('is ready once its own child answers', async () => {
    const run = start(await freePort());
    await expect(run.ready).resolves.toBeUndefined();
    expect(run.exitReason()).toBeNull();
  });

  it('fails when the port is taken by a stranger that answers, instead of testing the stranger', async () => {
    const port = await freePort();
    const stranger = net.createServer((socket) =>
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}'),
    );
    await new Promise((res) => stranger.listen(port, '127.0.0.1', res));
    try {
      const run = start(port);
      await expect(run.ready).rejects.toThrow(/server exited \(code 1\) before answering/);
    } finally {
      stranger.close();
    }
  });

  it('reports a child that dies after starting', async () => {
    const run = start(await freePort());
    await run.ready;
    run.child.kill('SIGTERM');
    await new Promise((res) => run.child.once('exit', res));
    expect(run.exitReason()).toMatch(/server exited/);
  });
});
