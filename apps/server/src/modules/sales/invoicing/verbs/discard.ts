import { invoiceStatusText } from '@fpy/contracts';
import { issuingTenant } from '../issuing-tenant.ts';
import type { InvoiceStatus } from '@fpy/domain';
import { businessError } from '../../../../lib/errors.ts';
import { loadInvoice } from '../load.ts';
import { transition } from '../transition.ts';
import type { VerbCtx } from '../../../../http/verb-ctx.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

const DISCARDABLE: readonly InvoiceStatus[] = ['draft', 'failed'];

/**
 * Abandons an invoice that never got a number: a draft, or a failed issue (the bureau refused it, so there
 * is nothing to red-flush). It ends in void with the caller's reason in its history.
 */
export async function discard({ ctx, input }: { ctx: VerbCtx; input: { id: number; reason: string } }) {
  const tenantId = issuingTenant(ctx);
  const inv = await loadInvoice(ctx.db, tenantId, input.id);
  const from = inv.status as InvoiceStatus;
  if (!DISCARDABLE.includes(from))
    throw businessError('INVOICE_NOT_DISCARDABLE', { status: invoiceStatusText(from) });
  return withTransaction(ctx, (tx) => transition(tx, ctx, inv, from, 'void', { reason: input.reason }));
}
