import { scanOrders } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { onRequestSettled, type RequestSettledHook } from '../invoice-requests/index.ts';
import { registerTitleCodeResolver } from '../titles/index.ts';
import { orderByCode } from './public.ts';
import { registerScanOrderRoutes } from './routes.ts';
import { orderViewState } from '@fpy/domain';

/**
 * 扫码开票订单 (issue 30): orders with a single-use code (console, POS, Excel, API), the buyer's public order
 * calls and submit. What other modules use: `createOrder` (the demo seed), `orderByCode`. See README.md.
 */
export { createOrder, type CreateOrderInput } from './verbs/create-order.ts';
export { voidOrder } from './verbs/void-order.ts';
export { submitOrder } from './verbs/submit-order.ts';
export { orderByCode } from './public.ts';
export { saveOrderWindow } from './window.ts';
export { ORDER_IMPORT_HEADERS } from './import.ts';
export { seedOrderDemo } from './seed.ts';

/**
 * The order reacts to its request's end, in the request's transaction: a rejection reopens it (the buyer may ask
 * again with a corrected title), an issued invoice closes it for good. Registered when this face is loaded too,
 * so the demo seed (which runs before the modules register) gets the same reaction.
 */
const orderSettled: RequestSettledHook = async (tx, req, how) => {
  if (how === 'rejected')
    await tx
      .update(scanOrders)
      .set({ state: 'open', requestId: null })
      .where(and(eq(scanOrders.id, req.sourceId), eq(scanOrders.requestId, req.id)));
  else if (how === 'issued')
    await tx
      .update(scanOrders)
      .set({ state: 'invoiced', invoiceId: req.invoiceId })
      .where(and(eq(scanOrders.id, req.sourceId), eq(scanOrders.requestId, req.id)));
};
onRequestSettled('order', orderSettled);

export function registerScanOrdersModule(app: FastifyInstance, deps: ModuleDeps) {
  onRequestSettled('order', orderSettled);
  // The title help (search, upload) is scoped to the tenant of an order the buyer can still ask on.
  registerTitleCodeResolver('order', async (db, code) => {
    const order = await orderByCode(db, code);
    return order && orderViewState(order, new Date()) === 'open' ? { tenantId: order.tenantId } : null;
  });
  registerScanOrderRoutes(app, deps);
}
