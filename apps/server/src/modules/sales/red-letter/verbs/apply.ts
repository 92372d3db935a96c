import type { ApplyRedFormBody } from '@fpy/contracts';
import { isRedFlushableStatus } from '@fpy/domain';
import { redLetterForms } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { businessError } from '../../../../lib/errors.ts';
import type { GatewayCtx } from '../../../../http/verb-ctx.ts';
import type { Party } from '../../../../gateways/tax-bureau/gateway.ts';
import { blueLinesWithRemaining } from '../blue-lines.ts';
import { buildFormLines } from '../rules.ts';
import { bureauRefusal, lockBlue, mirror } from '../store.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

const sum = (xs: { amountFen: number; taxFen: number }[], k: 'amountFen' | 'taxFen') =>
  xs.reduce((a, x) => a + x[k], 0);

/**
 * 填开确认单 (§6.1). Two steps so the bureau is never called inside a transaction: (1) under the blue invoice's
 * row lock, check everything against what remains and write our row in state `applying` — from then on
 * concurrent applications see the amount as taken; (2) ask the bureau and mirror its answer onto the row, or
 * delete the row when it refuses (nothing stays written on a refusal).
 */
export async function applyForm({
  ctx,
  tenantId,
  input,
  initiator = 'seller',
}: {
  ctx: GatewayCtx;
  tenantId: number;
  input: ApplyRedFormBody;
  initiator?: Party;
}) {
  const { form, blue } = await withTransaction(ctx, async (tx) => {
    const blue = await lockBlue(tx, tenantId, input.blueInvoiceId);
    if (blue.colour !== 'blue') throw businessError('RED_BLUE_INVALID.not_blue');
    if (!isRedFlushableStatus(blue.status) || !blue.number) throw businessError('RED_BLUE_INVALID.status');
    const built = buildFormLines(await blueLinesWithRemaining(tx, blue), input);
    const amountFen = sum(built.lines, 'amountFen');
    const taxFen = sum(built.lines, 'taxFen');
    const [form] = await tx
      .insert(redLetterForms)
      .values({
        tenantId,
        blueInvoiceId: blue.id,
        blueNumber: blue.number,
        initiator,
        reason: input.reason,
        state: 'applying',
        partial: built.partial ? 1 : 0,
        amountFen,
        taxFen,
        totalFen: amountFen + taxFen,
        lines: built.lines,
        remarks: input.remarks ?? null,
        createdBy: ctx.actor?.userId ?? null,
      })
      .returning();
    return { form, blue };
  });

  const answer = await ctx.gateway
    .applyRedForm({
      tenantId,
      initiator,
      blueNumber: blue.number!,
      sellerCreditCode: blue.sellerCreditCode,
      reason: input.reason,
      amountFen: form.amountFen,
      taxFen: form.taxFen,
    })
    .catch(async (err) => {
      await ctx.db
        .delete(redLetterForms)
        .where(and(eq(redLetterForms.id, form.id), eq(redLetterForms.state, 'applying')));
      return bureauRefusal(err);
    });
  return mirror(ctx.db, form, answer);
}
