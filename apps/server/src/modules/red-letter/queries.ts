import type { listRedForms, QueryOf } from '@fpy/contracts';
import { redLetterForms } from '@fpy/db';
import { count, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import { likePattern, offsetOf, orderBy } from '../../data/paging.ts';
import { scoped } from '../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../http/context.ts';
import { redInvoicesOf, toRow } from './view.ts';

// Dates are picked in Asia/Shanghai (UTC+8, no daylight saving).
const shanghaiDayStart = (d: string) => new Date(`${d}T00:00:00+08:00`);

export async function listFormPage(ctx: AuthedCtx, q: QueryOf<typeof listRedForms>) {
  const conds: (SQL | undefined)[] = [
    q.state ? eq(redLetterForms.state, q.state) : undefined,
    q.blueNumber ? like(redLetterForms.blueNumber, likePattern(q.blueNumber)) : undefined,
    q.blueInvoiceId ? eq(redLetterForms.blueInvoiceId, q.blueInvoiceId) : undefined,
    q.dateFrom ? gte(redLetterForms.createdAt, shanghaiDayStart(q.dateFrom)) : undefined,
    q.dateTo
      ? lt(redLetterForms.createdAt, new Date(shanghaiDayStart(q.dateTo).getTime() + 86_400_000))
      : undefined,
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
