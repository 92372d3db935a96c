import type { FastifyInstance } from 'fastify';

/** Below this, encoding is cheap either way and a Buffer is one more allocation. */
const MIN_CHARS = 512;

/**
 * Text replies leave as UTF-8 bytes made by Buffer.from. A string handed to the socket is encoded by V8's
 * general writer, which for our replies (JSON with Chinese amounts in words, messages and names: two-byte
 * strings) cost about as much as computing a 20-line invoice; Buffer.from takes Node's SIMD path
 * (issue 28 §10). Compression, content length and every later hook see the same bytes.
 */
export function installUtf8Replies(app: FastifyInstance) {
  app.addHook('onSend', (_req, _reply, payload, done) => {
    if (typeof payload === 'string' && payload.length >= MIN_CHARS) done(null, Buffer.from(payload));
    else done(null, payload);
  });
}
