import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerBatchRoutes } from './routes.ts';
import { BATCH_SWEEP, QUIET_MS, registerBatchJob, resumeBatches } from './run.ts';

/** 批量开具 (issue 4 §3 batchInvoice): template, validated upload, background issuing, per-row result. */
export function registerInvoiceBatchModule(app: FastifyInstance, { services }: ModuleDeps) {
  registerBatchJob(services.db, services.jobs);
  // A batch left running by a stopped server is finished by the next one (issue 4 §5).
  app.addHook('onReady', () => resumeBatches(services.db, services.jobs));
  services.scheduler.every(BATCH_SWEEP, 60_000, (now) =>
    resumeBatches(services.db, services.jobs, new Date(now.getTime() - QUIET_MS)),
  );
  registerBatchRoutes(app);
}
