import type { ShortLinkRow, ShortLinkStatus } from '@fpy/contracts';
import { invoices, shortLinks } from '@fpy/db';
import {
  and,
  count,
  desc,
  eq,
  gt,
  ilike,
  isNotNull,
  isNull,
  like,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AuthedCtx } from '../../../http/context.ts';
import { dayRange } from '../../../data/day-range.ts';
import { likePattern, offsetOf, orderBy } from '../../../data/paging.ts';
import { ownCompany } from './parameters.ts';

/** The list's filters as the contract parsed them. */
export interface ShortLinkFilters {
  code?: string;
  invoiceNumber?: string;
  buyerName?: string;
  status?: ShortLinkStatus;
  dateFrom?: string;
  dateTo?: string;
  sort?: string;
}

/** Active: neither disabled nor past its expiry; expired: past it; disabled: an operator stopped it. */
function statusWhere(status: ShortLinkStatus | undefined, now: Date): SQL | undefined {
  if (status === 'disabled') return isNotNull(shortLinks.disabledAt);
  if (status === 'expired') return and(isNull(shortLinks.disabledAt), lte(shortLinks.expiresAt, now));
  if (status === 'active')
    return and(
      isNull(shortLinks.disabledAt),
      or(isNull(shortLinks.expiresAt), gt(shortLinks.expiresAt, now)),
    );
  return undefined;
}

export const statusOf = (
  l: { disabledAt: Date | null; expiresAt: Date | null },
  now: Date,
): ShortLinkStatus => (l.disabledAt ? 'disabled' : l.expiresAt && l.expiresAt <= now ? 'expired' : 'active');

const SORTS = {
  createdAt: shortLinks.createdAt,
  expiresAt: shortLinks.expiresAt,
  opens: shortLinks.opens,
  lastOpenedAt: shortLinks.lastOpenedAt,
};

/** The caller's company's links with their invoice (number, buyer), newest first unless sorted otherwise. */
export function shortLinkSelection(ctx: AuthedCtx, q: ShortLinkFilters, now: Date) {
  const tenantId = ownCompany(ctx);
  const where = and(
    eq(shortLinks.tenantId, tenantId),
    q.code ? like(shortLinks.code, likePattern(q.code)) : undefined,
    q.invoiceNumber ? like(invoices.number, likePattern(q.invoiceNumber)) : undefined,
    q.buyerName ? ilike(invoices.buyerName, likePattern(q.buyerName)) : undefined,
    statusWhere(q.status, now),
    dayRange(shortLinks.createdAt, q.dateFrom, q.dateTo),
  );
  // The invoice of the same company only: a link can never show another company's invoice number.
  const join = and(eq(invoices.id, shortLinks.invoiceId), eq(invoices.tenantId, shortLinks.tenantId));
  const rows = (limit: number, offset: number) =>
    ctx.db
      .select({
        code: shortLinks.code,
        invoiceId: shortLinks.invoiceId,
        invoiceNumber: invoices.number,
        buyerName: invoices.buyerName,
        invoiceCount: sql<number>`coalesce(jsonb_array_length(${shortLinks.invoiceIds}), 1)`.mapWith(Number),
        createdAt: shortLinks.createdAt,
        expiresAt: shortLinks.expiresAt,
        opens: shortLinks.opens,
        lastOpenedAt: shortLinks.lastOpenedAt,
        disabledAt: shortLinks.disabledAt,
      })
      .from(shortLinks)
      .leftJoin(invoices, join)
      .where(where)
      .orderBy(orderBy(q.sort, SORTS, desc(shortLinks.createdAt)), shortLinks.code)
      .limit(limit)
      .offset(offset);
  const total = async () => {
    const [r] = await ctx.db.select({ n: count() }).from(shortLinks).leftJoin(invoices, join).where(where);
    return Number(r.n);
  };
  return { rows, total };
}

export async function listShortLinkPage(
  ctx: AuthedCtx,
  q: ShortLinkFilters & { page: number; limit: number },
): Promise<{ rows: ShortLinkRow[]; total: number }> {
  const now = new Date();
  const sel = shortLinkSelection(ctx, q, now);
  const [rows, total] = await Promise.all([sel.rows(q.limit, offsetOf(q)), sel.total()]);
  return { rows: rows.map((r) => toRow(r, now)), total };
}

type Selected = Awaited<ReturnType<ReturnType<typeof shortLinkSelection>['rows']>>[number];

export const toRow = (r: Selected, now: Date): ShortLinkRow => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt?.toISOString() ?? null,
  lastOpenedAt: r.lastOpenedAt?.toISOString() ?? null,
  disabledAt: r.disabledAt?.toISOString() ?? null,
  status: statusOf(r, now),
});
