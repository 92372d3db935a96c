import { type Db, scanOrderSettings } from '@fpy/db';
import { DEFAULT_ORDER_WINDOW, ORDER_WINDOW_MAX_DAYS, type OrderWindow } from '@fpy/domain';
import { eq } from 'drizzle-orm';
import { type AuditCtx, emitAudit, withTransaction } from '../../../lib/write/index.ts';

/** The tenant's order window (no row: 30 days). */
export async function readOrderWindow(db: Db, tenantId: number): Promise<OrderWindow> {
  const [row] = await db.select().from(scanOrderSettings).where(eq(scanOrderSettings.tenantId, tenantId));
  if (!row) return DEFAULT_ORDER_WINDOW;
  if (row.windowKind === 'month_end') return { kind: 'month_end' };
  const days = Math.min(Math.max(1, row.windowDays), ORDER_WINDOW_MAX_DAYS);
  return { kind: 'days', days };
}

/** Saves the window (orders created from now on); one row per tenant, upserted, with its audit row. */
export async function saveOrderWindow(
  ctx: AuditCtx & { db: Db },
  tenantId: number,
  window: OrderWindow,
): Promise<OrderWindow> {
  return withTransaction(ctx, async (tx) => {
    const values = {
      windowKind: window.kind,
      windowDays: window.kind === 'days' ? window.days : 30,
    };
    await tx
      .insert(scanOrderSettings)
      .values({ tenantId, ...values })
      .onConflictDoUpdate({ target: scanOrderSettings.tenantId, set: values });
    await emitAudit(tx, ctx, {
      tenantId,
      resource: 'scan_order_settings',
      recordId: tenantId,
      action: 'update',
      changes: values,
    });
    return window;
  });
}
