import type { BuyerOrderView } from '@fpy/contracts';
import { type Db, scanOrders, tenants } from '@fpy/db';
import { orderViewState } from '@fpy/domain';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../../http/context.ts';
import { notFound, tooManyRequests } from '../../../lib/errors.ts';
import { buyerView, latestRequestOf, requestWithOutcome } from '../invoice-requests/index.ts';
import { readTitleSettings } from '../titles/index.ts';

type Order = typeof scanOrders.$inferSelect;

/**
 * Guessing codes: every unknown code costs the IP a point; past the budget the IP is refused until the window
 * ends (on Redis every instance shares the count). Each code has its own budget too, so a leaked receipt cannot
 * be hammered from many addresses.
 */
export const MISS_BUDGET = 20;
export const MISS_WINDOW_SECONDS = 600;
export const PER_CODE_BUDGET = 60;
export const PER_CODE_WINDOW_SECONDS = 60;

const CODE_RE = /^[0-9A-Za-z]{16}$/;

/** The order a code names, by the code alone (a code is unique over every tenant), or null. */
export async function orderByCode(db: Db, code: string): Promise<Order | null> {
  if (!CODE_RE.test(code)) return null;
  const [o] = await db.select().from(scanOrders).where(eq(scanOrders.code, code)).limit(1);
  return o ?? null;
}

/**
 * The order behind a buyer's code, or the one refusal every unknown, malformed or foreign code gets (there is
 * no "foreign" here: the code is the only thing asked, and it names one order of one tenant) — 404 ORDER_UNKNOWN
 * after the same steps.
 */
export async function resolveOrder(ctx: Ctx, code: string): Promise<Order> {
  const misses = ctx.limiter('ss-order-miss', MISS_BUDGET, MISS_WINDOW_SECONDS);
  if ((await misses.blockedMs(ctx.ip)) > 0) throw tooManyRequests();
  const perCode = ctx.limiter('ss-order-code', PER_CODE_BUDGET, PER_CODE_WINDOW_SECONDS);
  if (!(await perCode.consume(CODE_RE.test(code) ? code : '-')).ok) throw tooManyRequests();
  const order = await orderByCode(ctx.db, code);
  if (order) return order;
  if (!(await misses.consume(ctx.ip)).ok) throw tooManyRequests();
  throw notFound('ORDER_UNKNOWN');
}

/** The name the buyer sees: the shop name of 扫码开票设置, else the company's. */
export async function sellerNameOf(db: Db, tenantId: number): Promise<string> {
  const settings = await readTitleSettings(db, tenantId);
  if (settings.scanInvoice.shopName) return settings.scanInvoice.shopName;
  const [t] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  return t?.name ?? '';
}

/** What the buyer sees: seller, amount, lines (names and amounts only), the state, the request's result. */
export async function buyerOrderView(db: Db, order: Order, now = new Date()): Promise<BuyerOrderView> {
  const found = await latestRequestOf(db, 'order', order.id);
  const latest = found && (await requestWithOutcome(db, found));
  const live = latest && latest.state !== 'rejected' ? latest : null;
  return {
    state: orderViewState(order, now),
    sellerName: await sellerNameOf(db, order.tenantId),
    amountFen: order.amountFen,
    lines: order.lines.map((l) => ({ name: l.name, amountFen: l.amountFen })),
    expiresAt: order.expiresAt?.toISOString() ?? null,
    request: live ? buyerView(live) : null,
    lastRejection: !live && latest?.state === 'rejected' ? latest.rejectReason : null,
  };
}
