import type { QueryOf, listInvoices } from '@fpy/contracts';
import { invoices } from '@fpy/db';
import { count, desc, eq, ilike, inArray, like, or, type SQL } from 'drizzle-orm';
import { likePattern, offsetOf, orderBy } from '../../../data/paging.ts';
import { scoped } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { toDetail, toSummary } from './view.ts';
import { dayRange } from '../../../data/day-range.ts';

/** Reads go through tenant-scope: another tenant's invoice is "not found". */
export async function getInvoiceDetail(ctx: AuthedCtx, id: number) {
  return toDetail(ctx.db, await scoped(ctx, invoices).get(id));
}

export async function listInvoicePage(ctx: AuthedCtx, q: QueryOf<typeof listInvoices>) {
  const conds: (SQL | undefined)[] = [
    q.status ? eq(invoices.status, q.status) : undefined,
    q.statuses?.length ? inArray(invoices.status, q.statuses) : undefined,
    q.keyword
      ? or(
          ilike(invoices.buyerName, likePattern(q.keyword)),
          like(invoices.clientSerial, likePattern(q.keyword).slice(1)),
        )
      : undefined,
    q.mine ? eq(invoices.createdBy, ctx.actor.userId) : undefined,
    q.type ? eq(invoices.type, q.type) : undefined,
    dayRange(invoices.createdAt, q.dateFrom, q.dateTo),
  ];
  const where = scoped(ctx, invoices).where(...conds);
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(
        orderBy(q.sort, { createdAt: invoices.createdAt, totalFen: invoices.totalFen }, desc(invoices.id)),
        desc(invoices.id),
      )
      .limit(q.limit)
      .offset(offsetOf(q)),
    ctx.db.select({ n: count() }).from(invoices).where(where),
  ]);
  return { rows: rows.map(toSummary), total: Number(n) };
}
