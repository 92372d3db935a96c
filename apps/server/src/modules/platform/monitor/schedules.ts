import { type Db, monitorSchedulePauses } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../http/context.ts';
import { notFound } from '../../../lib/errors.ts';
import { emitAudit, withTransaction } from '../../../lib/write/index.ts';

/** Bus topic: a schedule was paused or resumed; every instance re-reads the pauses. */
export const SCHEDULES_TOPIC = 'monitor.schedules';

export async function readPaused(db: Db): Promise<Set<string>> {
  const rows = await db.select({ name: monitorSchedulePauses.name }).from(monitorSchedulePauses);
  return new Set(rows.map((r) => r.name));
}

export async function scheduleRows(ctx: Pick<AuthedCtx, 'db' | 'scheduler'>) {
  const pauses = new Map(
    (await ctx.db.select().from(monitorSchedulePauses)).map((p) => [p.name, p] as const),
  );
  return ctx.scheduler
    .list()
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((t) => {
      const p = pauses.get(t.name);
      return {
        name: t.name,
        intervalSeconds: t.intervalMs / 1000,
        paused: !!p,
        pausedAt: p?.pausedAt.toISOString() ?? null,
        pausedBy: p?.pausedBy ?? null,
        runs: t.runs,
        running: t.running,
        lastRunAt: t.lastRunAt,
        lastDurationMs: t.lastDurationMs,
        lastError: t.lastError,
      };
    });
}

/**
 * Pause or resume a scheduled task: a stored row (every instance skips the task while it exists), the audit row
 * in the same transaction, then the bus tells the other instances to re-read at once (they also re-read every
 * heartbeat, so a lost message only delays it).
 */
export async function setPaused(ctx: AuthedCtx, name: string, paused: boolean) {
  if (!ctx.scheduler.has(name)) throw notFound('NOT_FOUND.schedule');
  await withTransaction(ctx, async (tx) => {
    const changed = paused
      ? await tx
          .insert(monitorSchedulePauses)
          .values({ name, pausedBy: ctx.actor.name })
          .onConflictDoNothing()
          .returning({ name: monitorSchedulePauses.name })
      : await tx
          .delete(monitorSchedulePauses)
          .where(eq(monitorSchedulePauses.name, name))
          .returning({ name: monitorSchedulePauses.name });
    if (changed.length)
      await emitAudit(tx, ctx, {
        tenantId: null,
        resource: 'schedule',
        recordId: 0,
        action: paused ? 'pause' : 'resume',
        changes: { name, paused },
      });
  });
  ctx.bus.publish(SCHEDULES_TOPIC);
  const row = (await scheduleRows(ctx)).find((r) => r.name === name);
  if (!row) throw notFound('NOT_FOUND.schedule');
  return row;
}
