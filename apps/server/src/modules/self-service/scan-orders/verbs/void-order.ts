import { ORDER_STATE_TEXTS, local } from '@fpy/contracts';
import { scanOrders } from '@fpy/db';
import { orderViewState } from '@fpy/domain';
import { and, eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { scoped } from '../../../../data/tenant-scope.ts';
import { businessError } from '../../../../lib/errors.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';

/**
 * 作废: an order nobody has asked on (open, expired or not) becomes voided by a conditional update — an order
 * whose request waits or whose invoice is issued is refused with its state; the buyer then sees 已作废.
 */
export async function voidOrder({ ctx, input }: { ctx: AuthedCtx; input: { id: number; reason: string } }) {
  return withTransaction(ctx, async (tx, txCtx) => {
    const order = await scoped(txCtx, scanOrders).get(input.id);
    const [row] = await tx
      .update(scanOrders)
      .set({ state: 'voided', voidedAt: new Date(), voidReason: input.reason })
      .where(and(eq(scanOrders.id, order.id), eq(scanOrders.state, 'open')))
      .returning();
    if (!row) {
      const s = ORDER_STATE_TEXTS[orderViewState(order, new Date())];
      throw businessError('ORDER_NOT_OPEN.void', { state: local(s.zh, s.en) });
    }
    await emitAudit(tx, ctx, {
      tenantId: row.tenantId,
      resource: 'scan_orders',
      recordId: row.id,
      action: 'void',
      changes: { from: 'open', to: 'voided', reason: input.reason },
    });
    return row;
  });
}
