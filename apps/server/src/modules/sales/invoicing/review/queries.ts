import type { QueryOf, listPendingReview, listReviewRecords, reviewFilters } from '@fpy/contracts';
import { invoiceEvents, invoices } from '@fpy/db';
import type { InvoiceStatus } from '@fpy/domain';
import { and, asc, count, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { likePattern, offsetOf, orderBy } from '../../../../data/paging.ts';
import { scoped } from '../../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../../http/context.ts';
import { toSummary } from '../view.ts';
import { reviewEventsOf, roundsOf } from './rounds.ts';
import { dayRange } from '../../../../data/day-range.ts';

/** An application (a move into pending_review) by the named applicant within the dates. */
export function appliedWhere(f: z.output<typeof reviewFilters>): SQL {
  return exists(
    sql`(select 1 from ${invoiceEvents} where ${and(
      sql`${invoiceEvents.invoiceId} = ${invoices.id}`,
      eq(invoiceEvents.toStatus, 'pending_review'),
      f.applicant ? ilike(invoiceEvents.actorName, likePattern(f.applicant)) : undefined,
      dayRange(invoiceEvents.at, f.dateFrom, f.dateTo),
    )})`,
  );
}

const buyerWhere = (buyer?: string) =>
  buyer
    ? or(ilike(invoices.buyerName, likePattern(buyer)), ilike(invoices.buyerTaxNumber, likePattern(buyer)))
    : undefined;

const SORTABLE = {
  createdAt: invoices.createdAt,
  updatedAt: invoices.updatedAt,
  totalFen: invoices.totalFen,
};

async function page(
  ctx: AuthedCtx,
  where: SQL | undefined,
  q: { page: number; limit: number; sort?: string },
) {
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(orderBy(q.sort, SORTABLE, desc(invoices.updatedAt)), desc(invoices.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    ctx.db.select({ n: count() }).from(invoices).where(where),
  ]);
  return { rows, total: Number(n) };
}

/** 预开审核: the applications waiting for a decision, newest first. */
export async function listPendingPage(ctx: AuthedCtx, q: QueryOf<typeof listPendingReview>) {
  const where = scoped(ctx, invoices).where(
    eq(invoices.status, 'pending_review'),
    buyerWhere(q.buyer),
    q.applicant || q.dateFrom || q.dateTo ? appliedWhere(q) : undefined,
  );
  const { rows, total } = await page(ctx, where, q);
  const events = await reviewEventsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    total,
    rows: rows.map((inv) => {
      const applied = (events.get(inv.id) ?? []).filter((e) => e.toStatus === 'pending_review').at(-1);
      return {
        ...toSummary(inv),
        remarks: inv.remarks,
        applicantId: applied?.actorId ?? inv.createdBy,
        applicantName: applied?.actorName ?? null,
        appliedAt: (applied?.at ?? inv.updatedAt).toISOString(),
      };
    }),
  };
}

/** 预开记录: every invoice that went through review, with its rounds and its whole history. */
export async function listRecordsPage(ctx: AuthedCtx, q: QueryOf<typeof listReviewRecords>) {
  const where = scoped(ctx, invoices).where(
    appliedWhere(q),
    buyerWhere(q.buyer),
    q.number ? ilike(invoices.number, likePattern(q.number)) : undefined,
    q.status ? eq(invoices.status, q.status) : undefined,
  );
  const { rows, total } = await page(ctx, where, q);
  const ids = rows.map((r) => r.id);
  const all = ids.length
    ? await ctx.db
        .select()
        .from(invoiceEvents)
        .where(inArray(invoiceEvents.invoiceId, ids))
        .orderBy(asc(invoiceEvents.id))
    : [];
  return {
    total,
    rows: rows.map((inv) => {
      const events = all.filter((e) => e.invoiceId === inv.id);
      const rounds = roundsOf(events);
      const last = rounds.at(-1);
      return {
        ...toSummary(inv),
        applicantName: last?.applicantName ?? null,
        appliedAt: last?.appliedAt ?? inv.createdAt.toISOString(),
        reviewerName: last?.reviewerName ?? null,
        reviewedAt: last?.reviewedAt ?? null,
        decision: last?.decision ?? 'pending',
        reason: last?.reason ?? null,
        rounds,
        events: events.map((e) => ({
          from: e.fromStatus as InvoiceStatus | null,
          to: e.toStatus as InvoiceStatus,
          actorId: e.actorId,
          actorName: e.actorName,
          ip: e.ip,
          reason: e.reason,
          at: e.at.toISOString(),
        })),
      };
    }),
  };
}
