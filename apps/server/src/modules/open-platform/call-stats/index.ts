// The public face of open-platform/call-stats (issue 32 §3, lane WATCH): statistics, the call log and the
// operator views of the open API, all read from open_call_logs (written by open-platform/gateway).
import type { FastifyInstance } from 'fastify';
import type { RegisterModule } from '../../../http/module.ts';
import { DEMO_OPEN_APPS } from '../gateway/index.ts';
import { runningInstances } from '../../platform/monitor/index.ts';
import { registerCallStatsRoutes } from './routes.ts';
import { seedDemoCalls } from './seed.ts';

export { seedDemoCalls } from './seed.ts';

/** Readiness of this instance, handed in by app.ts's Readiness through the app (set by registerCallStatsModule). */
export const registerCallStatsModule: RegisterModule = (app, { services }) => {
  registerCallStatsRoutes(app, {
    readiness: async () => {
      const r = await readinessOf(app);
      return r ?? { status: 'ready', failed: [] };
    },
    instances: async () => (await runningInstances(services.db, services.config.MONITOR_DROP_SECONDS)).length,
  });
  // After the gateway's onReady (it seeds the demo apps first; hooks run in registration order).
  app.addHook('onReady', async () => {
    await seedDemoCalls(services.db, {
      own: DEMO_OPEN_APPS.own.appKey,
      isv: DEMO_OPEN_APPS.isv.appKey,
    }).catch((err) => app.log.error({ err }, 'demo open calls seed failed'));
  });
};

/** /readyz's answer, read through the app itself (the Readiness object lives in app.ts). */
async function readinessOf(app: FastifyInstance) {
  const res = await app.inject({ url: '/readyz' });
  const body = res.json() as { status: string; failed: string[] };
  return { status: body.status, failed: body.failed };
}
