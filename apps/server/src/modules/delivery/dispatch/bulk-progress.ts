import {
  type BulkDeliveryProgress,
  DELIVERY_FINAL_STATUSES,
  DELIVERY_STATUSES,
  type DeliveryStatus,
} from '@fpy/contracts';
import { deliveries } from '@fpy/db';
import { count, inArray } from 'drizzle-orm';
import type { AuthedCtx } from '../../../http/context.ts';
import { notFound } from '../../../lib/errors.ts';
import { readBulkTask } from './bulk-task.ts';

/** Where a bulk send stands: invoices handled, and the deliveries it asked for by status. */
export async function bulkProgress(ctx: AuthedCtx, taskId: string): Promise<BulkDeliveryProgress> {
  const task = await readBulkTask(ctx, taskId);
  // Another company's task answers as an unknown one.
  const own =
    task &&
    (ctx.actor.platform || ctx.actor.tenantId === null
      ? true
      : task.tenantIds.every((t) => t === ctx.actor.tenantId));
  if (!task || !own) throw notFound('NOT_FOUND.delivery_task');
  const byStatus = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<DeliveryStatus, number>;
  const ids = [...new Set(task.deliveryIds)];
  for (let i = 0; i < ids.length; i += 1000) {
    const counted = await ctx.db
      .select({ status: deliveries.status, n: count() })
      .from(deliveries)
      .where(inArray(deliveries.id, ids.slice(i, i + 1000)))
      .groupBy(deliveries.status);
    for (const c of counted) byStatus[c.status as DeliveryStatus] += Number(c.n);
  }
  const done = DELIVERY_FINAL_STATUSES.reduce((n, s) => n + byStatus[s], 0);
  return {
    taskId,
    invoices: task.invoices.length,
    processed: task.processed,
    noRecipient: task.noRecipient,
    notIssued: task.notIssued,
    deliveries: ids.length,
    byStatus,
    done,
    // A record waiting to retry (等待重试) goes on by itself for hours: the dialog counts it as settled.
    finished: task.processed === task.invoices.length && done + byStatus.retrying === ids.length,
  };
}
