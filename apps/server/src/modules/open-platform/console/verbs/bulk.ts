import { openDeviceBindings, openLicenses } from '@fpy/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { BulkHandler } from '../../../../crud/bind.ts';
import type { AuthedCtx } from '../../../../http/context.ts';
import { tenantCondition } from '../../../../data/tenant-scope.ts';
import { emitAudit } from '../../../../lib/write/index.ts';

/**
 * The licence pages' 撤销 / 恢复 and the device page's 解绑, on the selected rows the caller may see (the ladder
 * has already dropped the others) inside the verb's transaction. Each is a conditional update — only rows in
 * the state the verb leaves — so a row changed meanwhile is skipped, not flipped back; one audit row each.
 * The generic bulk route hands every id it was sent: the tenant condition keeps a company to its own rows.
 */
async function audited(
  ctx: AuthedCtx,
  resource: string,
  action: string,
  rows: { id: number; tenantId: number | null }[],
  changes: object,
) {
  await emitAudit(
    ctx.db,
    ctx,
    rows.map((r) => ({ tenantId: r.tenantId, resource, recordId: r.id, action, changes })),
  );
  return rows.length;
}

export function licenceBulk(resource: string): Record<string, BulkHandler> {
  return {
    async revoke(ctx, ids) {
      const rows = await ctx.db
        .update(openLicenses)
        .set({ state: 'revoked', revokedAt: new Date(), revokedBy: ctx.actor.userId })
        .where(
          and(
            inArray(openLicenses.id, ids),
            eq(openLicenses.state, 'active'),
            tenantCondition(ctx, openLicenses.tenantId),
          ),
        )
        .returning({ id: openLicenses.id, tenantId: openLicenses.tenantId });
      return audited(ctx, resource, 'revoke', rows, { state: 'revoked' });
    },
    async restore(ctx, ids) {
      const rows = await ctx.db
        .update(openLicenses)
        .set({ state: 'active', revokedAt: null, revokedBy: null })
        .where(
          and(
            inArray(openLicenses.id, ids),
            eq(openLicenses.state, 'revoked'),
            tenantCondition(ctx, openLicenses.tenantId),
          ),
        )
        .returning({ id: openLicenses.id, tenantId: openLicenses.tenantId });
      return audited(ctx, resource, 'restore', rows, { state: 'active' });
    },
  };
}

export const unbindDevices: BulkHandler = async (ctx, ids) => {
  const rows = await ctx.db
    .update(openDeviceBindings)
    .set({ state: 'unbound', unboundAt: new Date() })
    .where(
      and(
        inArray(openDeviceBindings.id, ids),
        eq(openDeviceBindings.state, 'bound'),
        tenantCondition(ctx, openDeviceBindings.tenantId),
      ),
    )
    .returning({ id: openDeviceBindings.id, tenantId: openDeviceBindings.tenantId });
  return audited(ctx, 'openDeviceBindings', 'unbind', rows, { state: 'unbound' });
};
