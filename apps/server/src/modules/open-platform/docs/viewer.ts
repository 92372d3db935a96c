import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { OPEN_API_PREFIX, OPEN_DOCS_VIEWER_PATH } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';

/** The swagger-ui-dist files the page needs (Apache-2.0, from the npm registry). */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/** The page: no inline script (the CSP allows scripts from 'self' only), the init script is a file of its own. */
const PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>开放平台 OpenAPI 文档 · Open API reference</title>
<link rel="stylesheet" href="${OPEN_DOCS_VIEWER_PATH}swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${OPEN_DOCS_VIEWER_PATH}swagger-ui-bundle.js"></script>
<script src="${OPEN_DOCS_VIEWER_PATH}init.js"></script>
</body>
</html>
`;

/** Try-it is the docs pages' (they sign); the viewer reads the document only. */
const INIT = `window.ui = SwaggerUIBundle({
  url: '${OPEN_API_PREFIX}/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  supportedSubmitMethods: [],
  defaultModelsExpandDepth: 0,
  docExpansion: 'list',
});
`;

/**
 * The open OpenAPI document rendered by swagger-ui at a stable URL (OPEN_DOCS_VIEWER_PATH), served here from the
 * installed swagger-ui-dist — outside the console's bundle entirely; the openPlatForm page embeds it in a frame
 * when its tab opens. Public, like the document itself.
 */
export function registerOpenDocsViewer(app: FastifyInstance) {
  const dir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const files = new Map<string, Promise<Buffer>>();
  const sendPage = async (_req: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(PAGE);
  app.get(OPEN_DOCS_VIEWER_PATH, sendPage);
  app.get(OPEN_DOCS_VIEWER_PATH.replace(/\/$/, ''), async (_req, reply) =>
    reply.redirect(OPEN_DOCS_VIEWER_PATH),
  );
  app.get(`${OPEN_DOCS_VIEWER_PATH}init.js`, async (_req, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(INIT),
  );
  for (const [name, type] of Object.entries(ASSETS)) {
    app.get(`${OPEN_DOCS_VIEWER_PATH}${name}`, async (_req, reply) => {
      let body = files.get(name);
      if (!body) {
        body = readFile(path.join(dir, name));
        files.set(name, body);
      }
      return reply
        .header('cache-control', 'public, max-age=86400')
        .type(type)
        .send(await body);
    });
  }
}
