import type { InvoiceQueryFilters } from '@fpy/contracts';
import { invoices } from '@fpy/db';
import { parseYuan } from '@fpy/domain';
import { and, asc, desc, eq, gte, inArray, isNull, like, lt, lte, type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../../../data/paging.ts';
import { tenantCondition } from '../../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../../http/context.ts';
import { dayRange } from '../../../../data/day-range.ts';

/*
 * Every condition is shaped for an index on 1M rows (see the README of this folder for the list):
 * tenant first, then a range or equality the (tenant_id, …) btree indexes can serve; the number prefix is a
 * range, not LIKE, so it works whatever the database collation.
 */

/** A taxpayer number or credit code (15–20 characters) is matched exactly; other text is part of the name. */
const TAX_NUMBER = /^[0-9A-Z]{15,20}$/;

/** '2431' → '2432', '2439' → '244', '999' → null: the first string after every one starting with the prefix. */
export function prefixUpperBound(prefix: string): string | null {
  const trimmed = prefix.replace(/9+$/, '');
  if (!trimmed) return null;
  const last = trimmed.charCodeAt(trimmed.length - 1);
  return trimmed.slice(0, -1) + String.fromCharCode(last + 1);
}

function numberCondition(number: string | undefined): SQL | undefined {
  if (!number) return undefined;
  if (number.length === 20) return eq(invoices.number, number);
  const upper = prefixUpperBound(number);
  return and(gte(invoices.number, number), upper ? lt(invoices.number, upper) : undefined);
}

function buyerCondition(buyer: string | undefined): SQL | undefined {
  if (!buyer) return undefined;
  const upper = buyer.toUpperCase();
  if (TAX_NUMBER.test(upper)) return eq(invoices.buyerTaxNumber, upper);
  return like(invoices.buyerName, likePattern(buyer));
}

const fenOf = (yuan: string | undefined) => (yuan ? (parseYuan(yuan) ?? undefined) : undefined);

/** Platform accounts see every tenant and may narrow to one; a tenant user only ever sees their own. */
function tenantFilter(ctx: AuthedCtx, tenantId: number | undefined): SQL | undefined {
  const own = tenantCondition(ctx, invoices.tenantId);
  if (own) return own;
  return tenantId ? eq(invoices.tenantId, tenantId) : undefined;
}

/** 发票分类: one category, or 'none' (未分类); (tenant_id, category_id, issued_at, id) serves both. */
function categoryCondition(categoryId: InvoiceQueryFilters['categoryId']): SQL | undefined {
  if (categoryId === undefined) return undefined;
  return categoryId === 'none' ? isNull(invoices.categoryId) : eq(invoices.categoryId, categoryId);
}

export function invoiceQueryWhere(ctx: AuthedCtx, f: InvoiceQueryFilters): SQL | undefined {
  const min = fenOf(f.amountMin);
  const max = fenOf(f.amountMax);
  return and(
    tenantFilter(ctx, f.tenantId),
    dayRange(invoices.issuedAt, f.dateFrom, f.dateTo),
    numberCondition(f.number),
    buyerCondition(f.buyer),
    f.type ? eq(invoices.type, f.type) : undefined,
    f.status?.length === 1 ? eq(invoices.status, f.status[0]) : undefined,
    f.status && f.status.length > 1 ? inArray(invoices.status, f.status) : undefined,
    f.colour ? eq(invoices.colour, f.colour) : undefined,
    min !== undefined ? gte(invoices.totalFen, min) : undefined,
    max !== undefined ? lte(invoices.totalFen, max) : undefined,
    f.drawer ? eq(invoices.drawer, f.drawer) : undefined,
    categoryCondition(f.categoryId),
  );
}

const SORTABLE = {
  issuedAt: invoices.issuedAt,
  totalFen: invoices.totalFen,
  number: invoices.number,
} as const;

/**
 * ORDER BY for `sort=-issuedAt` (the default). The id tie-breaker keeps pages stable; the leading column
 * matches a (tenant_id, col) index, so LIMIT stops early (PostgreSQL sorts only within equal keys).
 */
export function invoiceQueryOrder(sort: string | undefined, f?: Pick<InvoiceQueryFilters, 'number'>): SQL[] {
  const key = (sort ?? '').replace(/^[-+]/, '');
  const known = Object.hasOwn(SORTABLE, key);
  const col = known ? SORTABLE[key as keyof typeof SORTABLE] : invoices.issuedAt;
  const descending = known ? sort!.startsWith('-') : true;
  // A number prefix matches a few thousand rows at most: fetching them by the number index and sorting is a
  // few ms, but the planner misjudges the range and walks the whole date index instead (2.8 s on 1M rows).
  // Sorting on an expression takes that index walk off the table.
  const sortKey =
    f?.number && f.number.length < 20 && col === invoices.issuedAt ? sql`(${col} + interval '0 s')` : col;
  return descending ? [desc(sortKey), desc(invoices.id)] : [asc(sortKey), asc(invoices.id)];
}
