import type { listRedForms, QueryOf } from '@fpy/contracts';
import { redLetterForms } from '@fpy/db';
import { count, desc, eq, like, type SQL } from 'drizzle-orm';
import { likePattern, offsetOf, orderBy } from '../../../data/paging.ts';
import { scoped } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { redInvoicesOf, toRow } from './view.ts';
import { dayRange } from '../../../data/day-range.ts';

export async function listFormPage(ctx: AuthedCtx, q: QueryOf<typeof listRedForms>) {
  const conds: (SQL | undefined)[] = [
    q.state ? eq(redLetterForms.state, q.state) : undefined,
    q.blueNumber ? like(redLetterForms.blueNumber, likePattern(q.blueNumber)) : undefined,
    q.blueInvoiceId ? eq(redLetterForms.blueInvoiceId, q.blueInvoiceId) : undefined,
    dayRange(redLetterForms.createdAt, q.dateFrom, q.dateTo),
  ];
  const where = scoped(ctx, redLetterForms).where(...conds);
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select()
      .from(redLetterForms)
      .where(where)
      .orderBy(
        orderBy(
          q.sort,
          { createdAt: redLetterForms.createdAt, deadline: redLetterForms.deadline },
          desc(redLetterForms.id),
        ),
        desc(redLetterForms.id),
      )
      .limit(q.limit)
      .offset(offsetOf(q)),
    ctx.db.select({ n: count() }).from(redLetterForms).where(where),
  ]);
  const reds = await redInvoicesOf(ctx.db, rows);
  return { rows: rows.map((r) => toRow(r, reds.get(r.id))), total: Number(n) };
}
