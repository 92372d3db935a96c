import type { Db } from '@fpy/db';
import { sql } from 'drizzle-orm';
import { DELIVERY_SEND_JOB } from './jobs.ts';

/**
 * Gives every open delivery (queued, sending, retrying) a send task when it has none: records written before
 * sends became outbox tasks (migration 0014), and the demo seed's. Its attempts and horizon carry over (the
 * task counts from the record's request), a retry stays due when the record says. Idempotent and safe when
 * two instances start at once: one row per (kind, ref), the other insert does nothing.
 */
export async function adoptOpenDeliveries(db: Db): Promise<void> {
  await db.execute(sql`
    insert into outbox_tasks (tenant_id, kind, ref, payload, state, attempts, next_at, since, created_at)
    select d.tenant_id, ${DELIVERY_SEND_JOB}, d.id::text, jsonb_build_object('deliveryId', d.id), 'pending',
           d.attempts, coalesce(d.next_attempt_at, now()), d.created_at, d.created_at
    from deliveries d
    where d.status in ('queued', 'sending', 'retrying')
    on conflict (kind, ref) do nothing`);
}
