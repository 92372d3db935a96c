import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { formatMessage } from '@fpy/contracts';
import { PHONE_ENTRIES, phoneEntryHtml, phoneEntryOf } from '@fpy/contracts/phone-entries';
import type { FastifyInstance } from 'fastify';
import { requestLang } from '../http/lang.ts';
import type { FileStore } from '../lib/file-store.ts';
import { servedUploadType, uploadHeaders } from '../lib/served-uploads.ts';

const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/v1/') || url === '/api';
/** A refused or missing upload is a plain 404, never the console's HTML. */
const isUploadPath = (url: string) => url.startsWith('/uploads/');

/**
 * User uploads under /uploads/: only the PNG/JPEG names the product writes, each only ever as an image
 * (lib/served-uploads.ts decides both). The bytes come from the uploads store — the local folder, or the
 * S3 bucket every instance shares — so a logo uploaded through one instance is served by all of them. Anything
 * else, and a name the store does not hold, is the JSON 404 of the not-found handler (never the console's HTML).
 * Names are random and never rewritten, so a week of browser caching is safe; the ETag answers revalidations.
 */
function installUploads(app: FastifyInstance, uploads: FileStore) {
  app.get('/uploads/*', async (req, reply) => {
    const name = (req.params as { '*': string })['*'];
    const type = servedUploadType(name);
    const bytes = type ? await uploads.get(name) : null;
    if (!type || !bytes) return reply.callNotFound();
    const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
    reply.headers(uploadHeaders(name, type));
    reply.header('cache-control', 'public, max-age=604800').header('etag', etag);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(bytes);
  });
}

/**
 * Serves the built console and falls back to index.html for every other GET, so history-mode routes work
 * and the SPA shows its own /404. The routes of a phone entry (@fpy/contracts/phone-entries, e.g. the buyer's
 * /smsDetail) get that entry's HTML instead: a light entry without the console's antd, opened on phones
 * (issue 29 §1). Unknown /api paths answer JSON 404.
 */
export async function installStatic(app: FastifyInstance, webDist: string, uploads: FileStore) {
  installUploads(app, uploads);
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
  // An entry missing from the build (an older dist) falls back to the console, which shows its own /404.
  const phoneHtml = new Map<string, string | null>();
  for (const { name } of PHONE_ENTRIES) {
    const file = join(webDist, phoneEntryHtml(name));
    phoneHtml.set(name, hasWeb && existsSync(file) ? readFileSync(file, 'utf8') : html);
  }
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
    const entry = phoneEntryOf(req.url.split('?')[0]);
    const page = entry ? phoneHtml.get(entry.name) : html;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  });
}
