import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { OUTBOX_RETENTION, purgeFinished, RETENTION_INTERVAL_MS } from './retention.ts';
import { registerOutboxRoutes } from './routes.ts';

/**
 * The outbox's own routes (任务管理, platform-only) and its retention: done tasks older than
 * OUTBOX_RETENTION_DAYS (default 30) are deleted with their attempt lines, hourly. The kinds register
 * themselves (registerOutboxKind); this needs none.
 */
export function registerOutboxModule(app: FastifyInstance, { services }: ModuleDeps) {
  registerOutboxRoutes(app);
  services.scheduler.every(OUTBOX_RETENTION, RETENTION_INTERVAL_MS, async (now) => {
    await purgeFinished(services.db, now, services.config.OUTBOX_RETENTION_DAYS);
  });
}
