import { formatMessage, type IntakeItem, type ManualCheckReply, type ManualEntry } from '@fpy/contracts';
import type { AuthedCtx } from '../../../../http/context.ts';
import { badRequest } from '../../../../lib/errors.ts';
import { ownTaxNumbers, ownTenant, verify, verifyRequestOf } from '../bureau.ts';
import { judge, keepIntakeCheck, record } from './collect.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

const MANUAL = '手工录入';

/** 查验 as the user types: the bureau's answer for the form, nothing recorded. */
export async function checkManualVerb(ctx: AuthedCtx, entry: ManualEntry): Promise<ManualCheckReply> {
  const tenantId = ownTenant(ctx.actor);
  const own = await ownTaxNumbers(ctx.db, tenantId);
  const reply = await verify(ctx, verifyRequestOf(entry));
  const judged = judge(ctx, own, reply, true);
  const invoice =
    reply.result === 'match'
      ? {
          code: reply.invoice.code ?? null,
          number: reply.invoice.number,
          type: reply.invoice.type,
          sellerName: reply.invoice.sellerName,
          sellerTaxNumber: reply.invoice.sellerCreditCode,
          buyerName: reply.invoice.buyerName,
          buyerTaxNumber: reply.invoice.buyerTaxNumber ?? null,
          issueDate: reply.invoice.issueDate,
          amountFen: reply.invoice.amountFen,
          taxFen: reply.invoice.taxFen,
          totalFen: reply.invoice.totalFen,
          state: reply.invoice.state ?? 'normal',
        }
      : null;
  if (judged.ok) return { result: 'match', fields: [], message: null, invoice };
  if (reply.result === 'unavailable') throw badRequest('INTAKE_MANUAL.bureau_unavailable');
  return {
    result: reply.result === 'match' ? 'other_buyer' : reply.result,
    fields: judged.fields ?? [],
    message: formatMessage(judged.reasonKey, judged.params as never, ctx.lang),
    // Another buyer's invoice is not shown beyond its refusal.
    invoice: null,
  };
}

/**
 * 手工录入: the entry is checked with the bureau and recorded with the bureau's fields. A wrong amount or date is
 * refused naming the field (400, the form marks it); another buyer's invoice or one the bureau does not know too.
 */
export async function enterManuallyVerb(ctx: AuthedCtx, entry: ManualEntry): Promise<IntakeItem> {
  const tenantId = ownTenant(ctx.actor);
  const own = await ownTaxNumbers(ctx.db, tenantId);
  const reply = await verify(ctx, verifyRequestOf(entry));
  const judged = judge(ctx, own, reply, true);
  const check = { elements: entry, reply };
  if (!judged.ok) {
    // The refused entry's check is kept too (查验记录), then the form is told which field is wrong.
    await withTransaction(ctx, (tx) => keepIntakeCheck(tx, ctx, tenantId, check, null));
    throw badRequest(judged.reasonKey as 'INTAKE_MANUAL.mismatch', judged.params as never, {
      fields: judged.fields ?? [],
    });
  }
  return record(ctx, tenantId, MANUAL, judged.fields, 'manual', check);
}
