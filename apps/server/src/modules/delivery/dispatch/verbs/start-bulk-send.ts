import type { DeliveryChannel } from '@fpy/domain';
import { invoices } from '@fpy/db';
import { and, inArray } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { tenantCondition } from '../../../../data/tenant-scope.ts';
import { notFound } from '../../../../lib/errors.ts';
import { type BulkTask, saveBulkTask } from '../bulk-task.ts';
import { DELIVERY_BULK_JOB } from '../jobs.ts';
import { newShortCode } from '../short-links.ts';

/**
 * 批量交付: the chosen invoices (each the caller's, else 404 as for an unknown id) to their buyers' own e-mail
 * addresses and/or mobiles. Answers a task id at once; the `delivery.bulk` job requests each delivery
 * (idempotent, like a single 交付) and the page polls the progress.
 */
export async function startBulkSend({
  ctx,
  input,
}: {
  ctx: AuthedCtx;
  input: { ids: number[]; channels: DeliveryChannel[] };
}): Promise<{ taskId: string }> {
  const ids = [...new Set(input.ids)];
  const rows = await ctx.db
    .select({ id: invoices.id, tenantId: invoices.tenantId })
    .from(invoices)
    .where(and(inArray(invoices.id, ids), tenantCondition(ctx, invoices.tenantId)));
  if (rows.length !== ids.length) throw notFound('NOT_FOUND.invoices_gone');
  const tenantOf = new Map(rows.map((r) => [r.id, r.tenantId]));
  const taskId = newShortCode(20);
  const task: BulkTask = {
    tenantIds: [...new Set(rows.map((r) => r.tenantId))],
    userId: ctx.actor.userId,
    userName: ctx.actor.name,
    invoices: ids.map((id) => [tenantOf.get(id)!, id]),
    channels: [...new Set(input.channels)],
    processed: 0,
    noRecipient: 0,
    notIssued: 0,
    deliveryIds: [],
  };
  await saveBulkTask(ctx, taskId, task);
  await ctx.jobs.enqueue(DELIVERY_BULK_JOB, { taskId }, { attempts: 3, backoffMs: 1000 });
  return { taskId };
}
