import type { AuthedCtx } from '../../../../http/context.ts';
import { badRequest } from '../../../../lib/errors.ts';
import { syncTenant } from '../sync.ts';

/**
 * 立即同步: the company's own 归集 now, outside the schedule. The bureau is asked outside any transaction; what it
 * answers is recorded (and audited, with the user as actor) in one transaction by syncTenant.
 */
export async function syncNow(ctx: AuthedCtx) {
  const tenantId = ctx.actor.tenantId;
  if (tenantId === null) throw badRequest('TENANT_REQUIRED');
  const out = await syncTenant(ctx.db, ctx.taxGatewayFor(ctx.db), tenantId, {
    actor: { userId: ctx.actor.userId, name: ctx.actor.name },
    ip: ctx.ip,
  });
  return { seen: out.seen, created: out.created, changed: out.changed, lastRunAt: new Date().toISOString() };
}
