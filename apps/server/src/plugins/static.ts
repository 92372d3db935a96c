import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { formatMessage } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import { requestLang } from '../http/lang.ts';
import { servedUploadType, uploadHeaders } from '../modules/platform/base/uploads/served-files.ts';

const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/v1/') || url === '/api';
/** A refused or missing upload is a plain 404, never the console's HTML. */
const isUploadPath = (url: string) => url.startsWith('/uploads/');

/**
 * Serves the built console and falls back to index.html for every other GET, so history-mode routes work
 * and the SPA shows its own /404. Unknown /api paths answer JSON 404.
 */
export async function installStatic(app: FastifyInstance, webDist: string, uploadsDir: string) {
  // User uploads: only the PNG/JPEG files the product wrote, each only ever as an image (base/uploads).
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '7d',
    index: false,
    dotfiles: 'deny',
    allowedPath: (pathname) => servedUploadType(pathname) !== null,
    setHeaders: (reply, path) => {
      const type = servedUploadType(relative(uploadsDir, path).split(sep).join('/'));
      // allowedPath already refused anything else; never fall back to the type `send` guessed.
      reply.headers(uploadHeaders(path, type ?? 'application/octet-stream'));
    },
  });
  const index = join(webDist, 'index.html');
  const hasWeb = existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        // Hashed assets never change; index.html must always be revalidated.
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const html = hasWeb ? readFileSync(index, 'utf8') : null;
  app.setNotFoundHandler((req, reply) => {
    if (isApiPath(req.url) || isUploadPath(req.url) || req.method !== 'GET' || !html) {
      return reply.status(404).send({
        status: 404,
        code: 'ROUTE_NOT_FOUND',
        message: formatMessage(
          'ROUTE_NOT_FOUND',
          { method: req.method, path: req.url.split('?')[0] },
          requestLang(req),
        ),
        requestId: req.id,
      });
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
