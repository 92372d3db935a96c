import { deliveries } from '@fpy/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../lib/write/index.ts';
import type { OutboxTask } from '../../platform/outbox/index.ts';

/**
 * 重新投递 of a send task (任务管理, platform/outbox's `onRedeliver`), in the transaction that puts the task back:
 * a record that failed (a refusal, the quota) or was given up (多次重试失败) reads 等待重试 again, due now, so
 * the next attempt sends it. Its attempts stay counted, so the SMS controls (first attempt only) do not run
 * twice. A record a control skipped (blacklist, limits) is refused: a redelivery must not get round a control.
 */
export async function reopenDelivery(tx: Tx, task: OutboxTask): Promise<boolean> {
  const id = (task.payload as { deliveryId: number }).deliveryId;
  const now = new Date();
  const rows = await tx
    .update(deliveries)
    .set({ status: 'retrying', nextAttemptAt: now, failedAt: null, updatedAt: now })
    .where(and(eq(deliveries.id, id), inArray(deliveries.status, ['failed', 'dead'])))
    .returning({ id: deliveries.id });
  return rows.length > 0;
}
