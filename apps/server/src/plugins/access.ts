import { listText } from '@fpy/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permissionCodes } from '@fpy/contracts';
import { isPlatformAccount } from '@fpy/domain';
import type { Ctx, Services } from '../http/context.ts';
import { forbidden, unauthenticated } from '../lib/errors.ts';
import type { ActorCache } from './auth.ts';
import { fromConsole, requestToken } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: Ctx;
  }
}

function langOf(req: FastifyRequest): 'zh' | 'en' {
  const cookie = req.headers.cookie ?? '';
  if (/(?:^|;\s*)language=en/.test(cookie)) return 'en';
  const al = req.headers['accept-language'];
  return typeof al === 'string' && al.toLowerCase().startsWith('en') ? 'en' : 'zh';
}

/**
 * The one gate in front of every handler: builds the request context, resolves the token to an actor and
 * enforces the contract's permission (public / authenticated / a menu or element code). Handlers never
 * check permissions themselves.
 */
export function installAccess(app: FastifyInstance, services: Services, actors: ActorCache) {
  app.decorateRequest('ctx', null as unknown as Ctx);
  app.addHook('onRequest', async (req) => {
    // An open-API call (/openapi/v1) is authenticated by the open-platform gateway (signature or app token).
    const found = req.routeOptions.config?.openContract ? null : requestToken(req);
    // A cookie is a credential only on a request the console's own script made (CSRF): a plain navigation or
    // another site's form carries the cookie but cannot add the console header.
    const csrfRefused = found?.via === 'cookie' && !fromConsole(req);
    const token = found && !csrfRefused ? found.token : null;
    const actor = token ? await actors.resolve(token) : null;
    req.ctx = {
      ...services,
      actor,
      requestId: req.id,
      ip: req.ip,
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 255),
      lang: langOf(req),
      log: req.log,
    };
    const contract = req.routeOptions.config?.contract;
    if (!contract || contract.permission === 'public') return;
    if (csrfRefused) throw forbidden('CSRF_REJECTED');
    if (!actor) throw token ? unauthenticated() : unauthenticated('TOKEN_MISSING');
    if (contract.platformOnly && !isPlatformAccount(actor.isSuperAdmin))
      throw forbidden('FORBIDDEN.platform_admin');
    if (contract.permission === 'authenticated' || actor.platform) return;
    const codes = permissionCodes(contract.permission);
    if (!codes.some((c) => actor.codes.has(c)))
      throw forbidden('FORBIDDEN.permission', { codes: listText(codes, ' 或 ', ' or ') });
  });
}
