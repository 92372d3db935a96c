import {
  getWebhookDelivery,
  listWebhookApps,
  listWebhookDeliveries,
  local,
  redeliverWebhook,
  redeliverWebhooks,
} from '@fpy/contracts';
import { outboxTasks } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuthedCtx } from '../../../http/context.ts';
import { route } from '../../../http/route.ts';
import { businessError, notFound } from '../../../lib/errors.ts';
import { redeliver } from '../../platform/outbox/index.ts';
import { appsOf, deliveryDetail, deliveryRow, listDeliveries, type Scope } from './reads.ts';
import { WEBHOOK_KIND } from './types.ts';

/** A company's users see their company's deliveries; platform accounts every company's. */
export const scopeOf = (ctx: AuthedCtx): Scope => (ctx.actor.platform ? null : (ctx.actor.tenantId ?? -1));

const STATE_NAMES: Record<string, [string, string]> = {
  pending: ['待投递', 'pending'],
  retrying: ['等待重试', 'retrying'],
  delivered: ['已送达', 'delivered'],
  failed: ['失败', 'failed'],
  dead: ['已放弃', 'dead'],
};

/** The delivery's outbox task (kind + ref is unique), through the outbox's redeliver (attempt line, audit). */
async function redeliverOne(ctx: AuthedCtx, scope: Scope, id: number): Promise<boolean> {
  const row = await deliveryRow(ctx.db, scope, id);
  if (!row) return false;
  const [task] = await ctx.db
    .select({ id: outboxTasks.id })
    .from(outboxTasks)
    .where(and(eq(outboxTasks.kind, WEBHOOK_KIND), eq(outboxTasks.ref, String(id))));
  if (!task) return false;
  return !!(await redeliver({ ctx: { ...ctx, tenantId: scope }, input: { taskId: task.id } }));
}

/** The delivery log of /developerOptions/openPlatForm (its 投递记录 tab). */
export function registerWebhookRoutes(app: FastifyInstance) {
  route(app, listWebhookDeliveries, (ctx, { query }) => listDeliveries(ctx.db, scopeOf(ctx), query));

  route(app, getWebhookDelivery, async (ctx, { params }) => {
    const found = await deliveryDetail(ctx.db, scopeOf(ctx), params.id);
    if (!found) throw notFound('NOT_FOUND.webhook_delivery');
    return found;
  });

  route(app, redeliverWebhook, async (ctx, { params }) => {
    const scope = scopeOf(ctx);
    if (!(await deliveryRow(ctx.db, scope, params.id))) throw notFound('NOT_FOUND.webhook_delivery');
    const moved = await redeliverOne(ctx, scope, params.id);
    const row = await deliveryRow(ctx.db, scope, params.id);
    if (!row) throw notFound('NOT_FOUND.webhook_delivery');
    if (!moved) {
      const [zh, en] = STATE_NAMES[row.state] ?? [row.state, row.state];
      throw businessError('WEBHOOK_NOT_REDELIVERABLE', { state: local(zh, en) });
    }
    return row;
  });

  route(app, redeliverWebhooks, async (ctx, { body }) => {
    const scope = scopeOf(ctx);
    const redelivered: number[] = [];
    const skipped: number[] = [];
    for (const id of [...new Set(body.ids)])
      ((await redeliverOne(ctx, scope, id)) ? redelivered : skipped).push(id);
    return { redelivered, skipped };
  });

  route(app, listWebhookApps, (ctx, { query }) => appsOf(ctx.db, scopeOf(ctx), query.q));
}
