import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/v1/');

/**
 * Security headers on every reply (console, API, files), through helmet. The console's built pages carry no
 * inline script, so scripts may come from our own origin only; antd writes its styles at run time, hence inline
 * styles. Nobody else may frame the console (clickjacking). Authenticated JSON and files are never stored by
 * a browser or a shared cache.
 */
export async function installSecurityHeaders(app: FastifyInstance, opts: { https: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // Invoice PDFs open from blob URLs; printing uses a same-origin srcdoc frame.
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only means something when the console is really served over HTTPS.
    strictTransportSecurity: opts.https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (isApiPath(req.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
