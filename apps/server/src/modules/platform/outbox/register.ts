import { OUTBOX_RUN_JOB } from './add.ts';
import { ensureRegistry, type OutboxKind, type OutboxServices, type Registry } from './kinds.ts';
import { runTask } from './run.ts';
import { OUTBOX_SWEEP, rescanAtStart, SWEEP_INTERVAL_MS, sweepOutbox } from './sweep.ts';

/** What registration needs of the app: a hook when the server is ready (Fastify's onReady). */
export interface ReadyHooks {
  addHook(name: 'onReady', hook: () => Promise<void>): unknown;
}

/**
 * Registers a kind's handler on this app's queue. The first registration also sets up, once per queue, the
 * `outbox.run` job, the sweep (every 30 s) and the rescan when the server is ready (rescanAtStart). Register
 * before the server starts.
 */
export function registerOutboxKind(app: ReadyHooks, services: OutboxServices, kind: OutboxKind): Registry {
  const { registry, created } = ensureRegistry(services);
  if (registry.kinds.has(kind.kind)) throw new Error(`outbox kind ${kind.kind} registered twice`);
  registry.kinds.set(kind.kind, kind);
  if (created) {
    services.jobs.process<{ taskId: number; kind?: string }>(OUTBOX_RUN_JOB, (p) =>
      runTask(registry, p.taskId, p.kind),
    );
    services.scheduler.every(OUTBOX_SWEEP, SWEEP_INTERVAL_MS, async (now) => {
      await sweepOutbox(registry, now);
    });
    app.addHook('onReady', async () => {
      await rescanAtStart(registry, new Date());
    });
  }
  return registry;
}
