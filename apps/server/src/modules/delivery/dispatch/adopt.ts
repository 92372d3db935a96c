import { type Db, deliveries } from '@fpy/db';
import { asc, inArray } from 'drizzle-orm';
import { addTasks } from '../../platform/outbox/index.ts';
import { DELIVERY_SEND_JOB } from './jobs.ts';

const CHUNK = 500;

/**
 * Gives every open delivery (queued, sending, retrying) a send task when it has none: records written before
 * sends became outbox tasks (migration 0014), and the demo seed's. Its attempts and horizon carry over (the
 * task counts from the record's request), a retry stays due when the record says. Idempotent and safe when
 * two instances start at once: the outbox adds one task per (kind, ref).
 */
export async function adoptOpenDeliveries(db: Db): Promise<void> {
  const open = await db
    .select({
      id: deliveries.id,
      tenantId: deliveries.tenantId,
      attempts: deliveries.attempts,
      nextAttemptAt: deliveries.nextAttemptAt,
      createdAt: deliveries.createdAt,
    })
    .from(deliveries)
    .where(inArray(deliveries.status, ['queued', 'sending', 'retrying']))
    .orderBy(asc(deliveries.id));
  for (let i = 0; i < open.length; i += CHUNK)
    await addTasks(
      db,
      open.slice(i, i + CHUNK).map((d) => ({
        kind: DELIVERY_SEND_JOB,
        ref: d.id,
        tenantId: d.tenantId,
        payload: { deliveryId: d.id },
        attempts: d.attempts,
        nextAt: d.nextAttemptAt ?? new Date(),
        since: d.createdAt,
      })),
    );
}
