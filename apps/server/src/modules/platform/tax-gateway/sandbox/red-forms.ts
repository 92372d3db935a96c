import { type Db, taxSandboxInvoices, taxSandboxRedForms } from '@fpy/db';
import { and, eq, inArray, lte } from 'drizzle-orm';
import {
  type IssueRequest,
  RED_FORM_USABLE,
  type RedForm,
  type RedFormAction,
  type RedLetterFormState,
  TaxGatewayError,
  type TaxRefusalKey,
} from '../../../../gateways/tax-bureau/gateway.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

type FormRow = typeof taxSandboxRedForms.$inferSelect;
const PENDING: RedLetterFormState[] = ['pending_buyer', 'pending_seller'];

export const toRedForm = (r: FormRow): RedForm => ({
  formNo: r.formNo,
  blueNumber: r.blueNumber,
  initiator: r.initiator as RedForm['initiator'],
  reason: r.reason as RedForm['reason'],
  state: r.state as RedLetterFormState,
  amountFen: r.amountFen,
  taxFen: r.taxFen,
  deadline: r.deadline,
  redNumber: r.redNumber,
});

/**
 * §6.1: a pending 确认单 not confirmed within 72 hours is void automatically (state 07). A pure function of
 * `now` so the scheduler (later) and tests decide the time; answers the forms it voided.
 */
export async function sweepExpired(db: Db, now: Date): Promise<RedForm[]> {
  const rows = await db
    .update(taxSandboxRedForms)
    .set({ state: 'void_expired' satisfies RedLetterFormState })
    .where(and(inArray(taxSandboxRedForms.state, PENDING), lte(taxSandboxRedForms.deadline, now)))
    .returning();
  return rows.map(toRedForm);
}

/** Loads a form under a row lock, voiding it first if its window has passed (the sweep may not have run yet). */
export async function lockForm(tx: Db, formNo: string, now: Date): Promise<FormRow | null> {
  const [row] = await tx
    .select()
    .from(taxSandboxRedForms)
    .where(eq(taxSandboxRedForms.formNo, formNo))
    .for('update');
  if (!row) return null;
  if (PENDING.includes(row.state as RedLetterFormState) && row.deadline && row.deadline <= now) {
    const [voided] = await tx
      .update(taxSandboxRedForms)
      .set({ state: 'void_expired' })
      .where(eq(taxSandboxRedForms.id, row.id))
      .returning();
    return voided;
  }
  return row;
}

const refuse = (key: TaxRefusalKey) => new TaxGatewayError('red_form_state', key);

/** The state a form moves to when `op` is done by `by`, or why not (§6.1: the other party confirms; 1 同意 2 拒绝 3 撤销). */
export function nextState(
  row: FormRow,
  op: 'confirm' | 'refuse' | 'revoke',
  by: RedFormAction['by'],
): RedLetterFormState {
  const state = row.state as RedLetterFormState;
  const awaiting = state === 'pending_buyer' ? 'buyer' : state === 'pending_seller' ? 'seller' : null;
  if (state === 'void_expired') throw refuse('RED_FORM_REFUSED.expired');
  if (op === 'confirm' || op === 'refuse') {
    if (!awaiting) throw refuse('RED_FORM_REFUSED.not_actionable');
    if (by !== awaiting)
      throw refuse(by === 'seller' ? 'RED_FORM_REFUSED.buyer_confirms' : 'RED_FORM_REFUSED.seller_confirms');
    if (op === 'confirm') return 'confirmed';
    return awaiting === 'buyer' ? 'void_buyer_refused' : 'void_seller_refused';
  }
  if (row.redNumber) throw refuse('RED_FORM_REFUSED.red_issued');
  if (by !== row.initiator) throw refuse('RED_FORM_REFUSED.initiator_only');
  if (awaiting || state === 'no_confirmation_needed') return 'void_revoked';
  // The notes do not say who may revoke after confirmation (09); the sandbox allows the initiator only.
  if (state === 'confirmed') return 'void_revoked_after_confirm';
  throw refuse('RED_FORM_REFUSED.void');
}

export async function actOnForm(
  db: Db,
  action: RedFormAction,
  op: 'confirm' | 'refuse' | 'revoke',
  now: Date,
) {
  return withTransaction({ db }, async (tx) => {
    const row = await lockForm(tx, action.formNo, now);
    if (!row) throw new TaxGatewayError('red_form_not_found', 'RED_FORM_REFUSED.not_found');
    const state = nextState(row, op, action.by);
    const [done] = await tx
      .update(taxSandboxRedForms)
      .set({ state, deadline: null })
      .where(eq(taxSandboxRedForms.id, row.id))
      .returning();
    return toRedForm(done);
  });
}

type Unusable = { code: 'red_form_unusable'; message: string };

/** Inside the issuing transaction: the form a red invoice names must be usable, unused and match it (§6.1). */
export async function lockRedFormForIssue(
  tx: Db,
  req: IssueRequest,
  now: Date,
): Promise<Unusable | { blue: typeof taxSandboxInvoices.$inferSelect }> {
  const no = (message: string): Unusable => ({ code: 'red_form_unusable', message });
  const form = await lockForm(tx, req.redFormNo!, now);
  if (!form) return no('红字发票信息确认单不存在');
  if (form.redNumber) return no('该蓝字发票的确认单已开具过负数发票，不可重复开具');
  if (!RED_FORM_USABLE.includes(form.state as RedLetterFormState))
    return no('确认单未确认或已作废，不可开具红字发票');
  if (form.sellerCreditCode !== req.seller.creditCode) return no('确认单的销售方与开票方不一致');
  if (req.amountFen !== -form.amountFen || req.taxFen !== -form.taxFen)
    return no('红字发票金额、税额与确认单不一致');
  const [blue] = await tx
    .select()
    .from(taxSandboxInvoices)
    .where(
      and(
        eq(taxSandboxInvoices.sellerCreditCode, form.sellerCreditCode),
        eq(taxSandboxInvoices.number, form.blueNumber),
      ),
    );
  return { blue };
}

export async function markRedFormUsed(tx: Db, formNo: string, redNumber: string) {
  await tx.update(taxSandboxRedForms).set({ redNumber }).where(eq(taxSandboxRedForms.formNo, formNo));
}
