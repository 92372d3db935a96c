import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a stand-in's handler sees: the raw request as the provider's server would. */
export interface RawRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface RawReply {
  status: number;
  body: unknown;
}

/** A local HTTP server on a random port of 127.0.0.1; `endpoint` is what the SDKs take (host:port). */
export async function startHttp(handle: (req: RawRequest) => RawReply | Promise<RawReply>) {
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const reply = await handle({
          method: req.method ?? 'GET',
          url: new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`),
          headers: req.headers,
          body: Buffer.concat(chunks),
        });
        res.writeHead(reply.status, { 'content-type': 'application/json;charset=utf-8' });
        res.end(JSON.stringify(reply.body));
      } catch (err) {
        res.writeHead(500, { 'content-type': 'application/json;charset=utf-8' });
        res.end(JSON.stringify({ Code: 'InternalError', Message: String(err) }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let serial = 0;
export const requestId = () =>
  `${Date.now().toString(16).toUpperCase()}-${(++serial).toString(16).padStart(4, '0')}-STAND-IN`;
