import { getOpenPlatformDocument, OPEN_API_PREFIX, openContracts } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../http/context.ts';
import type { ModuleDeps } from '../../../http/module.ts';
import { openRoutesOf, route } from '../../../http/route.ts';
import { onClientCredentialsGrant } from '../../platform/auth/index.ts';
import { CallLogWriter } from './call-log.ts';
import { boxFor, clientCredentialsGrant } from './client-credentials.ts';
import { buildOpenDocument } from './document.ts';
import { OpenRefusal, openErrorHandler } from './envelope.ts';
import { registerOpenRoute } from './gate.ts';
import { OPEN_PLATFORM_TOPIC, OpenRegistry, syncOpenInterfaces } from './registry.ts';

export { canonicalQuery, sha256Hex, sign, stringToSign } from './signing.ts';
export { DEFAULT_OPEN_LIMITS, defaultOpenLimits } from './limits.ts';
import { defaultOpenLimits } from './limits.ts';
export { ipAllowed } from './gate.ts';
export { boxFor, revokeAppTokens } from './client-credentials.ts';
export { OPEN_PLATFORM_TOPIC } from './registry.ts';
export { DEMO_OPEN_APPS, DEMO_OPEN_GROUPS, DEMO_TAX_NO } from './seed.ts';

/**
 * Tell every server process that apps, groups, licences, limits or interface states changed (the console pages
 * call it after their transaction): the gateway's caches drop at once here and through the bus elsewhere.
 */
export function invalidateOpenPlatform(services: Pick<Services, 'bus'>) {
  services.bus.publish(OPEN_PLATFORM_TOPIC);
}

/**
 * The open API's request path (issue 32): every contract with an `open` declaration registered a second time
 * under /openapi/v1 with the same handler, behind signature / token authentication, app, IP, group, licence
 * and limit checks; the envelope; the batched call log; the open OpenAPI document; the interface registry
 * synced from the declarations. Registered after every other module (it opens their routes).
 */
export function registerOpenGatewayModule(app: FastifyInstance, { services }: ModuleDeps): void {
  const registry = new OpenRegistry(services.db);
  services.bus.on(OPEN_PLATFORM_TOPIC, () => registry.clear());
  const log = new CallLogWriter(services.db, (err) => app.log.error({ err }, 'open call log write failed'));
  app.addHook('onClose', () => log.close());
  onClientCredentialsGrant(clientCredentialsGrant());

  const contracts = openContracts();
  const invokers = openRoutesOf(app);
  const deps = {
    services,
    registry,
    box: boxFor(services.config.OPEN_SECRET_KEY),
    log,
    defaults: defaultOpenLimits(services.config.OPEN_RATE_LIMIT_PER_SECOND),
  };
  for (const c of contracts) {
    const found = invokers.find((r) => r.contract === c);
    if (!found)
      throw new Error(
        `open contract ${c.open.operation} (${c.method} ${c.path}) has no console route registered on the app`,
      );
    registerOpenRoute(app, c, found.invoke, deps);
  }
  // Any other address under the prefix: the envelope's NOT_FOUND, not the console's 404.
  app.all(`${OPEN_API_PREFIX}/*`, { errorHandler: openErrorHandler }, async () => {
    throw new OpenRefusal('NOT_FOUND');
  });

  let doc: ReturnType<typeof buildOpenDocument> | undefined;
  route(app, getOpenPlatformDocument, () => {
    doc ??= buildOpenDocument(contracts, { publicBaseUrl: services.config.PUBLIC_BASE_URL });
    return doc;
  });

  app.addHook('onReady', async () => {
    // The demo apps are written by open-platform/console (their one writer), after this sync.
    await syncOpenInterfaces(services.db, contracts);
  });
  gateways.set(app, { registry, log });
}

const gateways = new WeakMap<FastifyInstance, { registry: OpenRegistry; log: CallLogWriter }>();

/** The gateway of a built app: tests and the bench flush its call log (`log.flush()`) and clear its caches. */
export function openGatewayOf(app: FastifyInstance) {
  return gateways.get(app);
}
