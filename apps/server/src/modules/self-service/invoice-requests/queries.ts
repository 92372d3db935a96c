import type { BuyerRequestView, RequestRow } from '@fpy/contracts';
import { codeBoards, type Db, invoiceRequests, invoices, scanOrders } from '@fpy/db';
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AuthedCtx } from '../../../http/context.ts';
import { dayRange } from '../../../data/day-range.ts';
import { likePattern, offsetOf, orderBy } from '../../../data/paging.ts';
import { tenantCondition } from '../../../data/tenant-scope.ts';

type Request = typeof invoiceRequests.$inferSelect;

export interface ListRequestsQuery {
  page: number;
  limit: number;
  sort?: string;
  state?: Request['state'];
  source?: string;
  q?: string;
  dateFrom?: string;
  dateTo?: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** 开票申请: the caller's company's requests, newest first, with what the seller recognises of the source. */
export async function listRequests(ctx: AuthedCtx, q: ListRequestsQuery) {
  const where = and(
    tenantCondition(ctx, invoiceRequests.tenantId),
    q.state ? eq(invoiceRequests.state, q.state) : undefined,
    q.source ? eq(invoiceRequests.source, q.source) : undefined,
    q.q
      ? or(
          ilike(invoiceRequests.buyerName, likePattern(q.q)),
          ilike(invoiceRequests.buyerTaxNumber, likePattern(q.q)),
        )
      : undefined,
    dayRange(invoiceRequests.createdAt, q.dateFrom, q.dateTo),
  );
  const [{ total }] = await ctx.db.select({ total: count() }).from(invoiceRequests).where(where);
  const rows = await ctx.db
    .select({
      r: invoiceRequests,
      number: invoices.number,
      invoiceStatus: invoices.status,
      invoiceFailure: invoices.failureReason,
      orderLabel: sql<string | null>`coalesce(${scanOrders.externalNo}, ${scanOrders.code})`,
      boardLabel: codeBoards.name,
    })
    .from(invoiceRequests)
    .leftJoin(invoices, eq(invoices.id, invoiceRequests.invoiceId))
    .leftJoin(
      scanOrders,
      and(eq(invoiceRequests.source, 'order'), eq(scanOrders.id, invoiceRequests.sourceId)),
    )
    .leftJoin(
      codeBoards,
      and(eq(invoiceRequests.source, 'board'), eq(codeBoards.id, invoiceRequests.sourceId)),
    )
    .where(where)
    .orderBy(
      orderBy(
        q.sort,
        { createdAt: invoiceRequests.createdAt, amountFen: invoiceRequests.amountFen },
        desc(invoiceRequests.id),
      ),
    )
    .limit(q.limit)
    .offset(offsetOf(q));
  return {
    total,
    rows: rows.map(({ r, number, orderLabel, boardLabel, invoiceStatus, invoiceFailure }) =>
      toRow(
        withInvoiceOutcome(r, invoiceStatus, invoiceFailure),
        number,
        orderLabel ?? boardLabel ?? `#${r.sourceId}`,
      ),
    ),
  };
}

/**
 * A request handed to issuing whose invoice the bureau refused reads failed (with the bureau's reason) while the
 * invoice stays failed; when the seller retries it in the console and it is issued, invoice.issued ends the
 * request as usual. Nothing is stored: the invoice is the one record of the failure.
 */
export function withInvoiceOutcome(
  r: Request,
  invoiceStatus: string | null,
  failure: string | null,
): Request {
  return r.state === 'issuing' && invoiceStatus === 'failed'
    ? { ...r, state: 'failed', failReason: failure ?? r.failReason }
    : r;
}

/** The request with its invoice's outcome (one read of the invoice while it is issuing). */
export async function requestWithOutcome(db: Db, r: Request): Promise<Request> {
  if (r.state !== 'issuing' || !r.invoiceId) return r;
  const [inv] = await db
    .select({ status: invoices.status, failure: invoices.failureReason })
    .from(invoices)
    .where(eq(invoices.id, r.invoiceId));
  return withInvoiceOutcome(r, inv?.status ?? null, inv?.failure ?? null);
}

export function toRow(r: Request, invoiceNumber: string | null, sourceLabel: string): RequestRow {
  return {
    id: r.id,
    source: r.source as RequestRow['source'],
    sourceId: r.sourceId,
    sourceLabel,
    invoiceType: r.invoiceType,
    buyerKind: r.title.kind,
    buyerName: r.buyerName,
    buyerTaxNumber: r.buyerTaxNumber,
    email: r.email,
    mobile: r.mobile,
    amountFen: r.amountFen,
    lines: r.lines.map((l) => ({ name: l.name, amountFen: l.amountFen })),
    state: r.state as RequestRow['state'],
    rejectReason: r.rejectReason,
    failReason: r.failReason,
    invoiceId: r.invoiceId,
    invoiceNumber,
    reviewedByName: r.reviewedByName,
    reviewedAt: iso(r.reviewedAt),
    createdAt: r.createdAt.toISOString(),
  };
}

/** What the buyer sees of a request: its state and, once issued, the result link — nothing of the seller's side. */
export function buyerView(r: Request): BuyerRequestView {
  return {
    token: r.token,
    state: r.state as BuyerRequestView['state'],
    rejectReason: r.rejectReason,
    resultCode: r.state === 'issued' ? r.resultCode : null,
    buyerName: r.buyerName,
    invoiceType: r.invoiceType,
  };
}

/** A request by the buyer's token (public status), or null. */
export async function requestByToken(db: Db, token: string): Promise<Request | null> {
  if (!/^[0-9A-Za-z]{16}$/.test(token)) return null;
  const [r] = await db.select().from(invoiceRequests).where(eq(invoiceRequests.token, token)).limit(1);
  return r ?? null;
}

/** The face for code-boards' status pages: the buyer's view of a request by token, or null. */
export async function requestStatusByToken(db: Db, token: string) {
  const found = await requestByToken(db, token);
  const r = found && (await requestWithOutcome(db, found));
  return r ? { ...buyerView(r), invoiceId: r.invoiceId } : null;
}

/** The latest request of a source (an order's current ask, or its last rejection). */
export async function latestRequestOf(db: Db, source: string, sourceId: number): Promise<Request | null> {
  const [r] = await db
    .select()
    .from(invoiceRequests)
    .where(and(eq(invoiceRequests.source, source), eq(invoiceRequests.sourceId, sourceId)))
    .orderBy(desc(invoiceRequests.id))
    .limit(1);
  return r ?? null;
}
