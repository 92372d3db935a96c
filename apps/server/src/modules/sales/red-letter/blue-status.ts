import { type Db, invoices, redLetterForms } from '@fpy/db';
import { type InvoiceStatus, isRedFlushableStatus } from '@fpy/domain';
import { and, eq, sql } from 'drizzle-orm';
import { transition } from '../invoicing/index.ts';
import type { VerbCtx } from '../../../http/verb-ctx.ts';
import { lockBlue } from './store.ts';

type Invoice = typeof invoices.$inferSelect;

/**
 * Inside the transaction that marks a red invoice issued: its blue invoice becomes 部分红冲, or 已红冲 once the
 * issued red invoices reverse all of it; the form records the red invoice it was used for. Only issued red
 * invoices count here — an open form or an invoice still in flight may yet fail.
 */
export async function afterRedIssued(tx: Db, ctx: VerbCtx, red: Invoice) {
  if (red.colour !== 'red' || !red.blueInvoiceId) return;
  const blue = await lockBlue(tx, red.tenantId, red.blueInvoiceId);
  if (red.redFormId)
    await tx
      .update(redLetterForms)
      .set({ redInvoiceId: red.id, deadline: null, updatedAt: new Date() })
      .where(and(eq(redLetterForms.id, red.redFormId), eq(redLetterForms.tenantId, red.tenantId)));
  const [reversed] = await tx
    .select({
      amount: sql<string>`coalesce(sum(${invoices.amountFen}), 0)`,
      tax: sql<string>`coalesce(sum(${invoices.taxFen}), 0)`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, red.tenantId),
        eq(invoices.blueInvoiceId, blue.id),
        eq(invoices.colour, 'red'),
        eq(invoices.status, 'issued'),
      ),
    );
  const nothingLeft =
    blue.amountFen + Number(reversed.amount) <= 0 && blue.taxFen + Number(reversed.tax) <= 0;
  const from = blue.status as InvoiceStatus;
  if (!isRedFlushableStatus(from)) return;
  await transition(tx, ctx, blue, from, nothingLeft ? 'red' : 'partly_red', {
    reason: `红字发票${red.number ?? ''}已开具`,
  });
}
