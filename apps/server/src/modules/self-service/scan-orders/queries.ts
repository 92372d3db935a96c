import type { OrderDetail, OrderRow } from '@fpy/contracts';
import { invoiceRequests, invoices, scanOrders } from '@fpy/db';
import { type ScanOrderViewState, orderViewState } from '@fpy/domain';
import { and, count, desc, eq, gt, ilike, isNull, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import QRCode from 'qrcode';
import { APPLY_CODE_PARAM, ORDER_API } from '@fpy/contracts/apply-pages';
import type { AuthedCtx } from '../../../http/context.ts';
import { dayRange } from '../../../data/day-range.ts';
import { likePattern, offsetOf, orderBy } from '../../../data/paging.ts';
import { scoped, tenantCondition } from '../../../data/tenant-scope.ts';
import { publicBaseUrl } from '../../../lib/public-address.ts';

type Order = typeof scanOrders.$inferSelect;

export interface ListOrdersQuery {
  page: number;
  limit: number;
  sort?: string;
  state?: ScanOrderViewState;
  origin?: string;
  q?: string;
  dateFrom?: string;
  dateTo?: string;
}

/** The view state as SQL: expired is an open order past its expiry. */
function stateCondition(state: ScanOrderViewState | undefined, now: Date): SQL | undefined {
  if (!state) return undefined;
  const notExpired = or(isNull(scanOrders.expiresAt), gt(scanOrders.expiresAt, now));
  if (state === 'open') return and(eq(scanOrders.state, 'open'), notExpired);
  if (state === 'expired') return and(eq(scanOrders.state, 'open'), lte(scanOrders.expiresAt, now));
  return eq(scanOrders.state, state);
}

/** The invoice a request was handed to (set while issuing), for a refusal by the bureau. */
const requestInvoice = alias(invoices, 'request_invoice');

const selection = {
  o: scanOrders,
  requestState: invoiceRequests.state,
  requestInvoiceStatus: requestInvoice.status,
  buyerName: invoiceRequests.buyerName,
  invoiceNumber: invoices.number,
};

function toRow(
  o: Order,
  extra: {
    requestState: string | null;
    requestInvoiceStatus?: string | null;
    buyerName: string | null;
    invoiceNumber: string | null;
  },
  now: Date,
): OrderRow {
  return {
    id: o.id,
    code: o.code,
    externalNo: o.externalNo,
    origin: o.origin as OrderRow['origin'],
    amountFen: o.amountFen,
    lineCount: o.lines.length,
    firstLine: o.lines[0]?.name ?? '',
    state: orderViewState(o, now),
    expiresAt: o.expiresAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    requestId: o.requestId,
    // Issuing with an invoice the bureau refused reads failed (invoice-requests' withInvoiceOutcome).
    requestState:
      extra.requestState === 'issuing' && extra.requestInvoiceStatus === 'failed'
        ? 'failed'
        : ((extra.requestState as OrderRow['requestState']) ?? null),
    buyerName: extra.buyerName,
    invoiceId: o.invoiceId,
    invoiceNumber: extra.invoiceNumber,
    voidReason: o.voidReason,
  };
}

/** 扫码开票 / 小票记录: the caller's company's orders with their current request and invoice. */
export async function listOrders(ctx: AuthedCtx, q: ListOrdersQuery) {
  const now = new Date();
  const where = and(
    tenantCondition(ctx, scanOrders.tenantId),
    stateCondition(q.state, now),
    q.origin ? eq(scanOrders.origin, q.origin) : undefined,
    q.q ? or(ilike(scanOrders.externalNo, likePattern(q.q)), eq(scanOrders.code, q.q)) : undefined,
    dayRange(scanOrders.createdAt, q.dateFrom, q.dateTo),
  );
  const [{ total }] = await ctx.db.select({ total: count() }).from(scanOrders).where(where);
  const rows = await ctx.db
    .select(selection)
    .from(scanOrders)
    .leftJoin(invoiceRequests, eq(invoiceRequests.id, scanOrders.requestId))
    .leftJoin(invoices, eq(invoices.id, scanOrders.invoiceId))
    .leftJoin(requestInvoice, eq(requestInvoice.id, invoiceRequests.invoiceId))
    .where(where)
    .orderBy(
      orderBy(
        q.sort,
        { createdAt: scanOrders.createdAt, amountFen: scanOrders.amountFen },
        desc(scanOrders.id),
      ),
    )
    .limit(q.limit)
    .offset(offsetOf(q));
  return { total, rows: rows.map(({ o, ...extra }) => toRow(o, extra, now)) };
}

/** The buyer's page with the code. */
export const orderPageUrl = (config: { PUBLIC_BASE_URL?: string; PORT: number }, code: string) =>
  `${publicBaseUrl(config)}/webIndex?${APPLY_CODE_PARAM}=${code}`;

/** The short address the QR carries and the seller copies: /q/<code>, answered with a redirect to the page. */
export const orderUrl = (config: { PUBLIC_BASE_URL?: string; PORT: number }, code: string) =>
  `${publicBaseUrl(config)}${ORDER_API.short.path.replace('{code}', code)}`;

export async function orderDetail(
  ctx: AuthedCtx,
  config: { PUBLIC_BASE_URL?: string; PORT: number },
  order: Order,
): Promise<OrderDetail> {
  const [extra] = await ctx.db
    .select({ requestState: invoiceRequests.state, buyerName: invoiceRequests.buyerName })
    .from(invoiceRequests)
    .where(eq(invoiceRequests.id, order.requestId ?? 0));
  const [inv] = order.invoiceId
    ? await ctx.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, order.invoiceId))
    : [];
  const url = orderUrl(config, order.code);
  return {
    ...toRow(
      order,
      {
        requestState: extra?.requestState ?? null,
        buyerName: extra?.buyerName ?? null,
        invoiceNumber: inv?.number ?? null,
      },
      new Date(),
    ),
    lines: order.lines,
    remarks: order.remarks,
    url,
    pageUrl: orderPageUrl(config, order.code),
    qrSvg: await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
  };
}

export async function getOrder(
  ctx: AuthedCtx,
  config: { PUBLIC_BASE_URL?: string; PORT: number },
  id: number,
) {
  return orderDetail(ctx, config, await scoped(ctx, scanOrders).get(id));
}
