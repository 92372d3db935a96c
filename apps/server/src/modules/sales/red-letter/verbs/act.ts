import type { RedFormStateName } from '@fpy/contracts';
import { invoices } from '@fpy/db';
import { and, eq, notInArray } from 'drizzle-orm';
import { businessError } from '../../../../lib/errors.ts';
import type { GatewayCtx } from '../../../../http/verb-ctx.ts';
import type { Party } from '../../../../gateways/tax-bureau/gateway.ts';
import { OPEN_FORM_STATES } from '../blue-lines.ts';
import { bureauRefusal, loadForm, mirror } from '../store.ts';
import { refreshPending } from './issue-red.ts';

export type FormOp = 'confirm' | 'refuse' | 'revoke';

/**
 * 确认 / 拒绝 / 撤销 a form at the bureau as `by` (§6.1: the other party confirms or refuses, the initiator
 * revokes) and mirror the answer. A form whose red invoice is on its way can no longer be revoked here: the
 * bureau would only learn of the red invoice after the revocation.
 */
export async function actOnForm({
  ctx,
  tenantId,
  input,
}: {
  ctx: GatewayCtx;
  tenantId: number;
  input: { formId: number; op: FormOp; by: Party };
}) {
  const form = await loadForm(ctx.db, tenantId, input.formId);
  if (!form.formNo || form.state === 'applying') throw businessError('RED_FORM_APPLYING');
  if (!OPEN_FORM_STATES.includes(form.state as RedFormStateName) || form.redInvoiceId)
    throw businessError('RED_FORM_CLOSED');
  const [live] = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        eq(invoices.blueInvoiceId, form.blueInvoiceId),
        eq(invoices.redFormId, form.id),
        notInArray(invoices.status, ['void', 'failed']),
      ),
    );
  if (live && input.op === 'revoke') throw businessError('RED_FORM_IN_USE');
  const action = { tenantId, formNo: form.formNo, by: input.by };
  const call =
    input.op === 'confirm'
      ? ctx.gateway.confirmRedForm(action)
      : input.op === 'refuse'
        ? ctx.gateway.refuseRedForm(action)
        : ctx.gateway.revokeRedForm(action);
  const answer = await call.catch(async (err) => {
    // The bureau may have voided it meanwhile (72 hours): show that state before the refusal.
    await refreshPending(ctx, form).catch(() => undefined);
    return bureauRefusal(err);
  });
  return mirror(ctx.db, form, answer);
}
