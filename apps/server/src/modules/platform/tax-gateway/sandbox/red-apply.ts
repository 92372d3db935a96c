import { type Db, taxSandboxInvoices, taxSandboxRedForms } from '@fpy/db';
import { and, eq, notLike, sql } from 'drizzle-orm';
import {
  type RedForm,
  type RedFormApplyRequest,
  type RedLetterFormState,
  TaxGatewayError,
  type TaxRefusalKey,
} from '../../../../gateways/tax-bureau/gateway.ts';
import { RED_FORM_WINDOW_MS } from './options.ts';
import { toRedForm } from './red-forms.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

const refuse = (key: TaxRefusalKey) => new TaxGatewayError('red_form_refused', key);

/**
 * Opens a 确认单 against a blue invoice the sandbox issued (§6.1). When the buyer has not confirmed use or
 * booked the blue invoice, the seller proceeds alone (01 无需确认); otherwise the other party must confirm
 * within 72 hours (02 / 03).
 */
export async function applyRedForm(db: Db, req: RedFormApplyRequest, now: Date): Promise<RedForm> {
  if (
    !Number.isSafeInteger(req.amountFen) ||
    !Number.isSafeInteger(req.taxFen) ||
    req.amountFen + req.taxFen <= 0
  )
    throw refuse('RED_FORM_REFUSED.amount_invalid');
  return withTransaction({ db }, async (tx) => {
    // Lock the blue invoice so two applications cannot both reverse the same remainder.
    const [blue] = await tx
      .select()
      .from(taxSandboxInvoices)
      .where(
        and(
          eq(taxSandboxInvoices.sellerCreditCode, req.sellerCreditCode),
          eq(taxSandboxInvoices.number, req.blueNumber),
        ),
      )
      .for('update');
    if (blue?.colour !== 'blue') throw refuse('RED_FORM_REFUSED.blue_missing');
    // A seller may only reverse its own invoices; the sandbox cannot tell a buyer's tenant, so it trusts the caller.
    if (req.initiator === 'seller' && blue.tenantId !== req.tenantId)
      throw refuse('RED_FORM_REFUSED.blue_missing');
    if (req.initiator === 'buyer' && !blue.buyerBooked) throw refuse('RED_FORM_REFUSED.seller_direct');

    // Forms not void (used or not) hold part of the blue invoice.
    const [held] = await tx
      .select({
        amount: sql<string>`coalesce(sum(${taxSandboxRedForms.amountFen}), 0)`,
        tax: sql<string>`coalesce(sum(${taxSandboxRedForms.taxFen}), 0)`,
      })
      .from(taxSandboxRedForms)
      .where(
        and(
          eq(taxSandboxRedForms.blueNumber, blue.number),
          eq(taxSandboxRedForms.sellerCreditCode, blue.sellerCreditCode),
          notLike(taxSandboxRedForms.state, 'void%'),
        ),
      );
    const amountLeft = blue.amountFen - Number(held.amount);
    const taxLeft = blue.taxFen - Number(held.tax);
    if (req.amountFen > amountLeft || req.taxFen > taxLeft) throw refuse('RED_FORM_REFUSED.over_remaining');
    // §6.1: 开票有误 must reverse the whole invoice; partial red-flush only with 02/03/04.
    if (req.reason === 'issue_error' && (req.amountFen !== blue.amountFen || req.taxFen !== blue.taxFen))
      throw refuse('RED_FORM_REFUSED.issue_error_full');

    const needsConfirm = blue.buyerBooked;
    const state: RedLetterFormState = !needsConfirm
      ? 'no_confirmation_needed'
      : req.initiator === 'seller'
        ? 'pending_buyer'
        : 'pending_seller';
    const [row] = await tx
      .insert(taxSandboxRedForms)
      .values({
        formNo: newFormNo(now),
        tenantId: req.tenantId,
        blueNumber: blue.number,
        sellerCreditCode: blue.sellerCreditCode,
        initiator: req.initiator,
        reason: req.reason,
        state,
        amountFen: req.amountFen,
        taxFen: req.taxFen,
        deadline: needsConfirm ? new Date(now.getTime() + RED_FORM_WINDOW_MS) : null,
      })
      .returning();
    return toRedForm(row);
  });
}

/** The notes give no 确认单 number format; the sandbox uses date + 12 random digits. */
function newFormNo(now: Date): string {
  const digits = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b % 10).join('');
  return `${now.toISOString().slice(0, 10).replaceAll('-', '')}${digits}`;
}
