import { type BlueInvoiceReply, RED_REASONS } from '@fpy/contracts';
import { invoices } from '@fpy/db';
import { type InvoiceStatus, type InvoiceType, isRedFlushableStatus } from '@fpy/domain';
import { desc, eq } from 'drizzle-orm';
import { scoped } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { notFound } from '../../../lib/errors.ts';
import { blueLinesWithRemaining, invoiceNature } from './blue-lines.ts';
import { reasonProblem } from './rules.ts';

/** The fill page's blue invoice: by id (from the query page) or by number, with every line's remainder. */
export async function lookupBlue(
  ctx: AuthedCtx,
  q: { id?: number; number?: string },
): Promise<BlueInvoiceReply> {
  const s = scoped(ctx, invoices);
  const [blue] = await ctx.db
    .select()
    .from(invoices)
    .where(s.where(q.id !== undefined ? eq(invoices.id, q.id) : eq(invoices.number, q.number!)))
    .orderBy(desc(invoices.id))
    .limit(1);
  if (!blue) throw notFound('NOT_FOUND.blue_number');
  const lines = await blueLinesWithRemaining(ctx.db, blue);
  const remaining = (k: 'remainingAmountFen' | 'remainingTaxFen') => lines.reduce((a, l) => a + l[k], 0);
  const whyNot =
    blue.colour !== 'blue'
      ? '红字发票不能再红冲'
      : !isRedFlushableStatus(blue.status)
        ? '只有已开具或部分红冲的蓝字发票可以红冲'
        : !lines.some((l) => l.remainingAmountFen > 0 || l.remainingTaxFen > 0)
          ? '该蓝字发票已无可红冲金额'
          : null;
  return {
    id: blue.id,
    number: blue.number,
    type: blue.type as InvoiceType,
    status: blue.status as InvoiceStatus,
    colour: blue.colour,
    buyerName: blue.buyerName,
    buyerTaxNumber: blue.buyerTaxNumber,
    amountFen: blue.amountFen,
    taxFen: blue.taxFen,
    totalFen: blue.totalFen,
    issuedAt: blue.issuedAt?.toISOString() ?? null,
    remainingAmountFen: remaining('remainingAmountFen'),
    remainingTaxFen: remaining('remainingTaxFen'),
    nature: invoiceNature(lines),
    reasons: RED_REASONS.map((reason) => {
      const why = reasonProblem(reason, lines, ctx.lang);
      return { reason, allowed: !why, why };
    }),
    redable: !whyNot,
    whyNot,
    lines: lines.map(({ policy: _p, ...l }) => l),
  };
}
