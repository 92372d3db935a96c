import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/v1/');

function helmetOptions(https: boolean): HelmetOptions {
  return {
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
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only means something when the console is really served over HTTPS.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}

/**
 * The headers helmet writes for these options, found once by running its middleware against a recorder. None of
 * them depends on the request, so every reply gets the same object. (@fastify/helmet built helmet's middleware
 * anew on every request, CSP parsing included: about a tenth of a cached API request's time, issue 28 §10.)
 */
export function securityHeaders(https: boolean): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(https))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (err?: unknown) => {
      if (err) throw err;
    },
  );
  return Object.freeze(headers);
}

/**
 * Security headers on every reply (console, API, files, errors), from helmet. The console's built pages carry no
 * inline script, so scripts may come from our own origin only; antd writes its styles at run time, hence inline
 * styles. Nobody else may frame the console (clickjacking). Authenticated JSON and files are never stored by
 * a browser or a shared cache.
 */
export async function installSecurityHeaders(app: FastifyInstance, opts: { https: boolean }) {
  const headers = securityHeaders(opts.https);
  // Set first thing, on fastify's reply headers: an error answered by any later hook keeps them, and a route
  // that sets its own (the uploads' stricter CSP) replaces them.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (isApiPath(req.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
