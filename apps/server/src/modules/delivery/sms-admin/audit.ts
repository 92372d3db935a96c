import { type Db, resourceChanges } from '@fpy/db';
import type { AuthedCtx } from '../../../http/context.ts';

/**
 * The audit row of an SMS-administration write, in the same `resource_changes` log the declared resources
 * write (so one audit view shows recharges, thresholds and settings beside the records). Called inside the
 * write's transaction, with `db` being that transaction.
 */
export async function auditWrite(
  db: Db,
  ctx: AuthedCtx,
  entry: { tenantId: number | null; resource: string; recordId: number; action: string; changes: object },
) {
  await db.insert(resourceChanges).values({
    ...entry,
    actorId: ctx.actor.userId,
    actorName: ctx.actor.name,
    ip: ctx.ip,
  });
}
