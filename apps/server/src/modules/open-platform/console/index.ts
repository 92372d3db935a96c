import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { boxFor, invalidateOpenPlatform } from '../gateway/index.ts';
import { registerOpenConsoleRoutes } from './routes.ts';
import { seedOpenConsoleDemo } from './seed.ts';
import { seedOpenPlatformDemo } from './seed-apps.ts';

/** Where the console's writes live: a successful change under these tells the gateway's caches to reload. */
const WRITES = ['/api/admin/open-platform/', '/api/admin/auth/oauth-clients'];

/**
 * 开放平台管理 (issue 32, lane CONSOLE): the operators' and the enterprises' pages over the open platform's
 * tables — developers and apps, interface groups and APIs, licences, limits, OAuth clients, authorisation codes,
 * device bindings (README.md).
 */
export function registerOpenConsoleModule(app: FastifyInstance, { services }: ModuleDeps) {
  registerOpenConsoleRoutes(app);
  // After the reply, i.e. after the write's transaction committed: every instance drops its cached apps,
  // groups, licences, limits and interface states (the gateway's OPEN_PLATFORM_TOPIC on the bus). Publishing
  // inside the transaction could let another instance reload the old rows just before the commit.
  app.addHook('onResponse', async (req, reply) => {
    if (req.method === 'GET' || reply.statusCode >= 400) return;
    if (WRITES.some((p) => req.url.startsWith(p))) invalidateOpenPlatform(services);
  });
  // After the gateway's interface sync (its onReady, registered before this module): the demo apps, then the
  // console's other demo rows.
  app.addHook('onReady', async () => {
    await seedOpenPlatformDemo(services.db, boxFor(services.config.OPEN_SECRET_KEY));
    await seedOpenConsoleDemo(services.db, { admin: 'admin', company: 'demo' });
  });
}
