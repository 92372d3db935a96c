import { createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * An internal service as an attacker would aim at it (issue 28 §1): a TCP listener on 127.0.0.1 that counts
 * connections and greets each with a banner naming itself and its version, then answers every SMTP-looking line
 * with its secret text. A test proves the server never connects (count 0) and that no answer shows the banner.
 */
export const INTERNAL_BANNER = '220 internal-cache-7 ESMTP Vendor-MTA 9.9.9-secret-build ready';
export const INTERNAL_SECRET = 'secret-detail-4711';

export async function startInternalListener() {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.write(`${INTERNAL_BANNER}\r\n`);
    socket.on('data', (d) => {
      const line = d.toString();
      if (/^(EHLO|HELO)/i.test(line))
        socket.write(`250-internal-cache-7 ${INTERNAL_SECRET}\r\n250 AUTH PLAIN LOGIN\r\n`);
      else if (/^QUIT/i.test(line)) socket.end(`221 ${INTERNAL_SECRET}\r\n`);
      else socket.write(`535 5.7.8 ${INTERNAL_SECRET} credentials refused\r\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
