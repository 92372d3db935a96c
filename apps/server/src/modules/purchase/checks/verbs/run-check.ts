import type { CheckElements, CheckRecordView } from '@fpy/contracts';
import { type Db, checkRecords } from '@fpy/db';
import { purchaseInvoiceKey } from '@fpy/domain';
import type { VerifyRequest, VerifyResult } from '../../../../gateways/tax-bureau/gateway.ts';
import type { AuthedCtx } from '../../../../http/context.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { recordReceived } from '../../received-invoices/index.ts';
import { checkView, ownTaxNumber, ownTenant } from '../views.ts';

export type CheckChannel = 'single' | 'batch' | 'scan' | 'intake';

/** What the bureau is asked (§7.1): 数电 by 价税合计, legacy by 金额 or 校验码后 6 位. */
export function verifyRequestOf(e: CheckElements): VerifyRequest {
  if (!e.code) return { number: e.number, issueDate: e.issueDate, totalFen: e.totalFen };
  return {
    code: e.code,
    number: e.number,
    issueDate: e.issueDate,
    ...(e.amountFen !== undefined ? { amountFen: e.amountFen } : {}),
    ...(e.checkCodeLast6 ? { checkCodeLast6: e.checkCodeLast6 } : {}),
  };
}

/**
 * 查验 one invoice: asks the bureau (outside any transaction), then keeps the check record — who, when, the request
 * and the reply as it came — with its audit row in one transaction. A bureau that cannot be reached is recorded as
 * `failed` with the reason, never thrown away. A genuine invoice addressed to the company's tax number is recorded
 * as received (purchase/received-invoices recordReceived, source manual: one row per invoice whatever the source,
 * its bureau state kept) in the same transaction, and the check record names that row.
 */
export async function runCheck(
  ctx: AuthedCtx,
  elements: CheckElements,
  channel: CheckChannel,
  batchId: string | null = null,
): Promise<CheckRecordView> {
  const tenantId = ownTenant(ctx.actor);
  const request = verifyRequestOf(elements);
  let reply: CheckReply;
  try {
    reply = await ctx.taxGatewayFor(ctx.db).verify(request);
  } catch (err) {
    ctx.log.warn({ err }, 'purchase check: bureau verify failed');
    reply = { result: 'failed', reason: err instanceof Error ? err.message.slice(0, 200) : 'unknown' };
  }
  const match = reply.result === 'match' ? reply.invoice : null;
  const ownTax = await ownTaxNumber(ctx.db, tenantId);
  const own = !!match && !!ownTax && match.buyerTaxNumber === ownTax;
  const row = await withTransaction(ctx, async (tx: Db) => {
    const received =
      own && match
        ? await recordReceived(tx, {
            tenantId,
            source: 'manual',
            actorId: ctx.actor.userId,
            audit: ctx,
            fields: {
              code: match.code ?? null,
              number: match.number,
              buyerTaxNumber: ownTax,
              buyerName: match.buyerName,
              sellerName: match.sellerName,
              sellerTaxNumber: match.sellerCreditCode,
              type: match.type,
              colour: match.colour,
              issueDate: match.issueDate,
              amountFen: match.amountFen,
              taxFen: match.taxFen,
              totalFen: match.totalFen,
              state: match.state ?? 'normal',
            },
          })
        : null;
    return keepCheckRecord(tx, ctx, {
      tenantId,
      channel,
      batchId,
      elements,
      reply,
      receivedInvoiceId: received?.id ?? null,
    });
  });
  return checkView(row, ownTax);
}

export type CheckReply = VerifyResult | { result: 'failed'; reason: string };

/**
 * Keeps one check made with the bureau — the request, the reply as it came, who and when — with its audit row, in
 * the caller's transaction. runCheck keeps its own this way; invoice intake keeps the check of each file or hand
 * entry it collected (channel `intake`), so 查验记录 shows every check the company made.
 */
export async function keepCheckRecord(
  tx: Db,
  ctx: AuthedCtx,
  k: {
    tenantId: number;
    channel: CheckChannel;
    batchId?: string | null;
    elements: CheckElements;
    reply: CheckReply;
    receivedInvoiceId: number | null;
  },
) {
  const match = k.reply.result === 'match' ? k.reply.invoice : null;
  const [created] = await tx
    .insert(checkRecords)
    .values({
      tenantId: k.tenantId,
      channel: k.channel,
      batchId: k.batchId ?? null,
      invoiceKey: purchaseInvoiceKey(k.elements),
      code: k.elements.code ?? null,
      number: k.elements.number,
      issueDate: k.elements.issueDate,
      request: verifyRequestOf(k.elements),
      result: k.reply.result,
      state: match ? (match.state ?? 'normal') : null,
      reply: k.reply,
      sellerName: match?.sellerName ?? null,
      buyerTaxNumber: match?.buyerTaxNumber ?? null,
      totalFen: match?.totalFen ?? null,
      receivedInvoiceId: k.receivedInvoiceId,
      checkedBy: ctx.actor.userId,
      checkedByName: ctx.actor.name,
    })
    .returning();
  await emitAudit(tx, ctx, {
    tenantId: k.tenantId,
    resource: 'checkRecord',
    recordId: created.id,
    action: 'check',
    changes: {
      invoiceKey: created.invoiceKey,
      channel: k.channel,
      result: k.reply.result,
      state: created.state,
      receivedInvoiceId: created.receivedInvoiceId,
    },
  });
  return created;
}
