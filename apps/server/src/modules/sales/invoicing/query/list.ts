import type { QueryOf, queryInvoices } from '@fpy/contracts';
import { invoices } from '@fpy/db';
import { sql } from 'drizzle-orm';
import { offsetOf } from '../../../../data/paging.ts';
import type { AuthedCtx } from '../../../../http/context.ts';
import { invoiceQueryOrder, invoiceQueryWhere } from './filters.ts';
import { toQueryRows } from './rows.ts';

/**
 * Counting stops at this many rows: an exact count(*) over a large tenant's 900k invoices costs 100–150 ms on
 * every page turn, while nobody pages past 10,000 rows (they narrow the filter). The page shows "10,000+".
 */
export const COUNT_CAP = 10_000;

/** One page plus the total of the same WHERE, exact up to COUNT_CAP. */
export async function queryInvoicePage(ctx: AuthedCtx, q: QueryOf<typeof queryInvoices>, cap = COUNT_CAP) {
  const where = invoiceQueryWhere(ctx, q);
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(...invoiceQueryOrder(q.sort, q))
      .limit(q.limit)
      .offset(offsetOf(q)),
    ctx.db.select({ n: sql<number>`count(*)` }).from(
      ctx.db
        .select({ one: sql`1` })
        .from(invoices)
        .where(where)
        .limit(cap + 1)
        .as('capped'),
    ),
  ]);
  const total = Number(n);
  return {
    rows: await toQueryRows(ctx.db, rows),
    total: Math.min(total, cap),
    totalCapped: total > cap,
  };
}
