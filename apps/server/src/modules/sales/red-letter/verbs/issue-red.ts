import {
  labelText,
  RED_FORM_PENDING_STATES,
  RED_FORM_USABLE_STATES,
  type RedFormStateName,
  violationText,
} from '@fpy/contracts';
import { invoices, type redLetterForms } from '@fpy/db';
import { calculateInvoice, type InvoiceType, type LineDraft, type PreferentialPolicy } from '@fpy/domain';
import { and, eq } from 'drizzle-orm';
import { badRequest, businessError } from '../../../../lib/errors.ts';
import {
  enqueueIssue,
  insertRedDraft,
  issuingTenant,
  recordEvent,
  transition,
} from '../../invoicing/index.ts';
import type { GatewayCtx } from '../../../../http/verb-ctx.ts';
import { type BlueLine, blueLinesWithRemaining, type FormLine } from '../blue-lines.ts';
import { REASON_LABEL } from '../rules.ts';
import { loadForm, lockBlue, mirror } from '../store.ts';
import { FORM_STATE_LABEL } from '../view.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

type Form = typeof redLetterForms.$inferSelect;

/** The serial of a form's red invoice: unique per tenant, so a form yields one red invoice, even under races. */
export const redSerialOf = (formId: number) => `red-${formId}`;

/** While the other party may still act at the bureau, read its state there before deciding. */
export async function refreshPending(ctx: GatewayCtx, form: Form): Promise<Form> {
  if (!form.formNo || !RED_FORM_PENDING_STATES.includes(form.state as RedFormStateName)) return form;
  const answer = await ctx.gateway.queryRedForm(form.tenantId, form.formNo);
  return answer && answer.state !== form.state ? mirror(ctx.db, form, answer) : form;
}

/** §6.1 / §4.1: negative 金额, 税额 and quantity, positive unit price, each line naming its blue line (xh). */
function redLineDraft(f: FormLine, b: BlueLine): LineDraft {
  return {
    name: b.name,
    ...(b.taxCode ? { taxCode: b.taxCode } : {}),
    ...(b.spec ? { spec: b.spec } : {}),
    ...(b.unit ? { unit: b.unit } : {}),
    ...(f.quantity && b.unitPrice ? { quantity: `-${f.quantity}`, unitPrice: b.unitPrice } : {}),
    amount: -f.amountFen,
    tax: -f.taxFen,
    rate: b.rate,
    ...(b.policy ? { policy: b.policy as PreferentialPolicy } : {}),
  };
}

/**
 * 开具红字发票 with a usable form: the red invoice is created ready and goes through the same issue job as a
 * blue one (the job sends colour red and the form number). Lock order blue → form, as in apply and settle.
 */
export async function issueRed({ ctx, input }: { ctx: GatewayCtx; input: { formId: number } }) {
  const tenantId = issuingTenant(ctx);
  await refreshPending(ctx, await loadForm(ctx.db, tenantId, input.formId));
  const result = await withTransaction(ctx, async (tx) => {
    const unlocked = await loadForm(tx, tenantId, input.formId);
    const blue = await lockBlue(tx, tenantId, unlocked.blueInvoiceId);
    const form = await loadForm(tx, tenantId, input.formId, true);
    const first = () =>
      tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.tenantId, tenantId), eq(invoices.clientSerial, redSerialOf(form.id))));
    // A form is used once (§6.1): asking again answers the red invoice it already made, never a second one.
    const [existing] = await first();
    if (existing) return { invoice: existing, created: false };
    const state = form.state as RedFormStateName;
    if (!RED_FORM_USABLE_STATES.includes(state))
      throw businessError('RED_FORM_UNUSABLE', { state: labelText(FORM_STATE_LABEL[state] ?? state) });
    const blueLines = await blueLinesWithRemaining(tx, blue);
    const formLines = form.lines as FormLine[];
    const drafts = formLines.map((f) => redLineDraft(f, blueLines.find((b) => b.lineNo === f.blueLineNo)!));
    const calc = calculateInvoice({
      type: blue.type as InvoiceType,
      pricingMode: 'exclusive',
      colour: 'red',
      buyer: {
        name: blue.buyerName,
        ...(blue.buyerTaxNumber ? { taxNumber: blue.buyerTaxNumber } : {}),
        naturalPerson: blue.buyerNaturalPerson === 1,
      },
      lines: drafts,
    });
    const errors = calc.violations.filter((v) => v.severity === 'error');
    if (errors.length) throw badRequest('INVOICE_INVALID', { problem: violationText(errors[0]) });

    const inv = await insertRedDraft(
      tx,
      {
        tenantId,
        clientSerial: redSerialOf(form.id),
        type: blue.type,
        pricingMode: 'exclusive',
        sellerName: blue.sellerName,
        sellerCreditCode: blue.sellerCreditCode,
        sellerAddress: blue.sellerAddress,
        sellerPhone: blue.sellerPhone,
        sellerBank: blue.sellerBank,
        sellerAccount: blue.sellerAccount,
        buyerName: blue.buyerName,
        buyerTaxNumber: blue.buyerTaxNumber,
        buyerAddress: blue.buyerAddress,
        buyerPhone: blue.buyerPhone,
        buyerBank: blue.buyerBank,
        buyerAccount: blue.buyerAccount,
        buyerEmail: blue.buyerEmail,
        buyerNaturalPerson: blue.buyerNaturalPerson,
        // §6.2 wording for red 数电 invoices (对应正数发票号码); the form's own remark follows.
        remarks: [`对应正数发票号码:${blue.number}`, form.remarks].filter(Boolean).join(' '),
        specialLabel: blue.specialLabel,
        departmentId: blue.departmentId,
        drawer: ctx.actor?.name ?? blue.drawer,
        payee: blue.payee,
        reviewer: blue.reviewer,
        amountFen: calc.totals.amount,
        taxFen: calc.totals.tax,
        totalFen: calc.totals.total,
        blueInvoiceId: blue.id,
        blueNumber: blue.number,
        redReason: form.reason,
        redFormId: form.id,
        createdBy: ctx.actor?.userId ?? null,
      },
      calc.lines.map((l, i) => {
        const b = blueLines.find((x) => x.lineNo === formLines[i].blueLineNo)!;
        return {
          lineNo: l.lineNo,
          kind: 'normal',
          name: b.name,
          taxCode: b.taxCode,
          spec: b.spec,
          unit: b.unit,
          quantity: l.quantity ?? null,
          unitPrice: l.unitPrice ?? null,
          unitPriceExclusive: l.unitPriceExclusive ?? null,
          rate: l.rate,
          policy: l.policy ?? null,
          amountFen: l.amount,
          taxFen: l.tax,
          amountInclusiveFen: l.amountInclusive,
          blueLineNo: b.lineNo,
        };
      }),
    );
    // The serial was taken by a racing request for the same form: answer its red invoice.
    if (!inv) return { invoice: (await first())[0], created: false };
    await recordEvent(
      tx,
      ctx,
      inv,
      null,
      'draft',
      `红冲（${REASON_LABEL[form.reason as keyof typeof REASON_LABEL]}）`,
    );
    const ready = await transition(tx, ctx, inv, 'draft', 'ready', {
      reason: `确认单${form.formNo ?? form.id}`,
    });
    return { invoice: ready, created: true };
  });
  if (result.created) await enqueueIssue(ctx, result.invoice);
  return result;
}
