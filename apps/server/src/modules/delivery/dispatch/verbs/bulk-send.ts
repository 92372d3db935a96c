import {
  type BulkDeliveryProgress,
  DELIVERY_FINAL_STATUSES,
  DELIVERY_STATUSES,
  type DeliveryStatus,
} from '@fpy/contracts';
import { type DeliveryChannel, recipientProblem } from '@fpy/domain';
import { deliveries, invoices } from '@fpy/db';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AuthedCtx, Services } from '../../../../http/context.ts';
import { tenantCondition } from '../../../../data/tenant-scope.ts';
import { AppError, notFound } from '../../../../lib/errors.ts';
import { DELIVERY_BULK_JOB } from '../jobs.ts';
import { newShortCode } from '../short-links.ts';
import { buyerRecipient, DELIVERABLE_STATUSES, requestDelivery } from './request-delivery.ts';

/** A bulk send's state, kept in services.kv (Redis when REDIS_URL: every instance sees the same progress). */
interface BulkTask {
  tenantIds: number[];
  userId: number;
  userName: string;
  /** [tenantId, invoiceId] in the order chosen. */
  invoices: [number, number][];
  channels: DeliveryChannel[];
  processed: number;
  noRecipient: number;
  notIssued: number;
  deliveryIds: number[];
}

const KEY = (taskId: string) => `delivery-bulk:${taskId}`;
/** Progress stays readable for a day. */
const TTL_SECONDS = 86_400;
/** The job writes its progress after this many invoices (and at the end). */
const SAVE_EVERY = 10;

async function readTask(services: Pick<Services, 'kv'>, taskId: string): Promise<BulkTask | null> {
  const raw = await services.kv.get(KEY(taskId));
  return raw ? (JSON.parse(raw) as BulkTask) : null;
}
const saveTask = (services: Pick<Services, 'kv'>, taskId: string, task: BulkTask) =>
  services.kv.set(KEY(taskId), JSON.stringify(task), TTL_SECONDS);

/**
 * 批量交付: the chosen invoices (each the caller's, else 404 as for an unknown id) to their buyers' own e-mail
 * addresses and/or mobiles. Answers a task id at once; the `delivery.bulk` job requests each delivery
 * (idempotent, like a single 交付) and the page polls the progress.
 */
export async function startBulkSend(
  ctx: AuthedCtx,
  input: { ids: number[]; channels: DeliveryChannel[] },
): Promise<{ taskId: string }> {
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
  await saveTask(ctx, taskId, task);
  await ctx.jobs.enqueue(DELIVERY_BULK_JOB, { taskId }, { attempts: 3, backoffMs: 1000 });
  return { taskId };
}

/** The `delivery.bulk` job: requests every delivery of the task, saving progress as it goes. Resumable. */
export async function runBulkSend(services: Services, taskId: string): Promise<void> {
  const task = await readTask(services, taskId);
  if (!task) return;
  const actor = { userId: task.userId, name: task.userName, tenantId: null, platform: false };
  const ctx = { db: services.db, jobs: services.jobs, actor };
  for (let i = task.processed; i < task.invoices.length; i++) {
    const [tenantId, invoiceId] = task.invoices[i];
    const [inv] = await services.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.tenantId, tenantId)));
    for (const channel of task.channels) {
      if (!inv || !DELIVERABLE_STATUSES.includes(inv.status) || !inv.number) {
        task.notIssued += 1;
        continue;
      }
      const to = buyerRecipient(inv, channel);
      if (!to || recipientProblem(channel, to)) {
        task.noRecipient += 1;
        continue;
      }
      try {
        const { delivery } = await requestDelivery(ctx, { tenantId, invoiceId, channel, trigger: 'bulk' });
        task.deliveryIds.push(delivery.id);
      } catch (err) {
        if (!(err instanceof AppError) || err.httpStatus >= 500) throw err;
        task.notIssued += 1;
      }
    }
    task.processed = i + 1;
    if (task.processed % SAVE_EVERY === 0) await saveTask(services, taskId, task);
  }
  await saveTask(services, taskId, task);
}

/** Where a bulk send stands: invoices handled, and the deliveries it asked for by status. */
export async function bulkProgress(ctx: AuthedCtx, taskId: string): Promise<BulkDeliveryProgress> {
  const task = await readTask(ctx, taskId);
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
