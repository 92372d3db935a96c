import { invoiceStatusText } from '@fpy/contracts';
import { issuingTenant } from '../issuing-tenant.ts';
import type { UpdateInvoiceBody } from '@fpy/contracts';
import { invoiceLines, invoices } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { businessError } from '../../../../lib/errors.ts';
import { headerValues, lineValues } from '../form-rows.ts';
import { loadInvoice } from '../load.ts';
import { recompute } from '../recompute.ts';
import { codeRatesFor } from '../../tax-codes/index.ts';
import { recordEvent } from '../transition.ts';
import type { VerbCtx } from '../../../../http/verb-ctx.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

const notDraft = (status: string) =>
  businessError('INVOICE_NOT_DRAFT', { status: invoiceStatusText(status) });

/**
 * Replaces a draft's header and lines with the recomputed form. Not a state change, so the conditional
 * UPDATE (status still draft) is done here; the audit row draft→draft says who edited it and when.
 * Header, lines and event are one transaction: a refused edit leaves the draft exactly as it was.
 */
export async function updateDraft({
  ctx,
  input,
}: {
  ctx: VerbCtx;
  input: { id: number; body: UpdateInvoiceBody };
}) {
  const tenantId = issuingTenant(ctx);
  const current = await loadInvoice(ctx.db, tenantId, input.id);
  if (current.status !== 'draft') throw notDraft(current.status);
  const calc = recompute(input.body, await codeRatesFor(ctx.db));
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .update(invoices)
      .set({ ...headerValues(input.body, calc, ctx.actor!.name), updatedAt: new Date() })
      .where(and(eq(invoices.id, current.id), eq(invoices.tenantId, tenantId), eq(invoices.status, 'draft')))
      .returning();
    if (!row) throw notDraft((await loadInvoice(tx, tenantId, current.id)).status);
    await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, row.id));
    await tx.insert(invoiceLines).values(lineValues(input.body, calc, row));
    await recordEvent(tx, ctx, row, 'draft', 'draft', '编辑草稿');
    return row;
  });
}
