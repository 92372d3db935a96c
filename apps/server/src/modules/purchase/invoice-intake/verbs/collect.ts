import { formatMessage, type IntakeItem, type MessageKey } from '@fpy/contracts';
import type { AuthedCtx } from '../../../../http/context.ts';
import { withTransaction } from '../../../../lib/write/index.ts';
import { type CheckReply, keepCheckRecord } from '../../checks/index.ts';
import { type ReceivedFields, receivedInvoiceKey, recordReceived } from '../../received-invoices/index.ts';
import { isOwn, type Verified, verify, verifyRequestOf } from '../bureau.ts';
import type { ParsedInvoice } from '../parse/index.ts';

const FIELD_TEXTS: Record<string, { zh: string; en: string }> = {
  issueDate: { zh: '开票日期', en: 'issue date' },
  totalFen: { zh: '价税合计', en: 'total' },
  amountFen: { zh: '金额', en: 'amount' },
  checkCode: { zh: '校验码', en: 'check code' },
};
export const fieldNames = (fields: readonly string[], lang: 'zh' | 'en') =>
  fields.map((f) => FIELD_TEXTS[f]?.[lang] ?? f).join(lang === 'zh' ? '、' : ', ');

type Params = Record<string, string | number>;

/** A row of the report: what one file (or entry) became. */
export function itemOf(
  ctx: AuthedCtx,
  file: string,
  result: IntakeItem['result'],
  p: Partial<ParsedInvoice> | null,
  extra: Partial<IntakeItem> & { reasonKey?: MessageKey; params?: Params } = {},
): IntakeItem {
  const { reasonKey, params, ...rest } = extra;
  return {
    file,
    result,
    receivedId: null,
    code: p?.code ?? null,
    number: p?.number ?? null,
    issueDate: p?.issueDate ?? null,
    sellerName: p?.sellerName ?? null,
    totalFen: p?.totalFen ?? null,
    state: null,
    reason: reasonKey ?? null,
    message: reasonKey ? formatMessage(reasonKey, { file, ...params } as never, ctx.lang) : null,
    ...rest,
  };
}

export type Judged =
  | { ok: true; fields: ReceivedFields }
  | { ok: false; reasonKey: MessageKey; params?: Params; fields?: string[] };

/**
 * The bureau's answer judged for intake: a match addressed to one of the company's tax numbers is recorded with
 * the bureau's fields (authoritative — a file's face may be altered); anything else is refused with its reason.
 */
export function judge(ctx: AuthedCtx, own: readonly string[], reply: Verified, manual: boolean): Judged {
  const k = (problem: string) => `${manual ? 'INTAKE_MANUAL' : 'INTAKE_FILE'}.${problem}` as MessageKey;
  if (reply.result === 'unavailable') return { ok: false, reasonKey: k('bureau_unavailable') };
  if (reply.result === 'not_found') return { ok: false, reasonKey: k('not_found') };
  if (reply.result === 'mismatch')
    return {
      ok: false,
      reasonKey: k('mismatch'),
      params: { fields: fieldNames(reply.fields, ctx.lang) },
      fields: reply.fields,
    };
  const i = reply.invoice;
  if (!isOwn(own, i.buyerTaxNumber))
    return { ok: false, reasonKey: k('other_buyer'), params: { taxNumber: i.buyerTaxNumber ?? '—' } };
  return {
    ok: true,
    fields: {
      code: i.code ?? null,
      number: i.number,
      buyerTaxNumber: i.buyerTaxNumber!,
      buyerName: i.buyerName,
      sellerName: i.sellerName,
      sellerTaxNumber: i.sellerCreditCode,
      type: i.type,
      colour: i.colour,
      issueDate: i.issueDate,
      amountFen: i.amountFen,
      taxFen: i.taxFen,
      totalFen: i.totalFen,
      state: i.state ?? 'normal',
    },
  };
}

/**
 * One parsed invoice through 查验 and into the received invoices: the bureau is asked outside any transaction,
 * then the invoice is recorded (or found: the same invoice from the sync, another file or a hand entry is one
 * row) in its own transaction with its audit — a failure leaves nothing of this file and the others go on.
 */
export async function collectOne(
  ctx: AuthedCtx,
  tenantId: number,
  own: readonly string[],
  file: string,
  parsed: ParsedInvoice,
  source: 'file' | 'manual',
): Promise<IntakeItem> {
  // A file addressed to another buyer is refused before the bureau is asked.
  if (parsed.buyerTaxNumber && !isOwn(own, parsed.buyerTaxNumber))
    return itemOf(ctx, file, 'refused', parsed, {
      reasonKey: source === 'manual' ? 'INTAKE_MANUAL.other_buyer' : 'INTAKE_FILE.other_buyer',
      params: { taxNumber: parsed.buyerTaxNumber },
    });
  const reply = await verify(ctx, verifyRequestOf(parsed));
  const judged = judge(ctx, own, reply, source === 'manual');
  const check: IntakeCheck = { elements: parsed, reply };
  if (!judged.ok) {
    await withTransaction(ctx, (tx) => keepIntakeCheck(tx, ctx, tenantId, check, null));
    return itemOf(ctx, file, 'refused', parsed, { reasonKey: judged.reasonKey, params: judged.params });
  }
  return record(ctx, tenantId, file, judged.fields, source, check);
}

/** The 查验 behind one collected file or hand entry: kept in 查验记录 like every other check (channel intake). */
export interface IntakeCheck {
  elements: Pick<
    ParsedInvoice,
    'code' | 'number' | 'issueDate' | 'totalFen' | 'amountFen' | 'checkCodeLast6'
  >;
  reply: Verified;
}

export function keepIntakeCheck(
  tx: Parameters<typeof keepCheckRecord>[0],
  ctx: AuthedCtx,
  tenantId: number,
  check: IntakeCheck,
  receivedInvoiceId: number | null,
) {
  const reply: CheckReply =
    check.reply.result === 'unavailable' ? { result: 'failed', reason: 'bureau unavailable' } : check.reply;
  return keepCheckRecord(tx, ctx, {
    tenantId,
    channel: 'intake',
    elements: check.elements,
    reply,
    receivedInvoiceId,
  });
}

/** Records (or finds) the checked invoice in its own transaction, with its audit (recordReceived audits). */
export async function record(
  ctx: AuthedCtx,
  tenantId: number,
  file: string,
  fields: ReceivedFields,
  source: 'file' | 'manual',
  check?: IntakeCheck,
): Promise<IntakeItem> {
  const r = await withTransaction(ctx, async (tx) => {
    const received = await recordReceived(tx, {
      tenantId,
      fields,
      source,
      actorId: ctx.actor.userId,
      audit: ctx,
    });
    if (check) await keepIntakeCheck(tx, ctx, tenantId, check, received.id);
    return received;
  });
  return itemOf(ctx, file, r.created ? 'created' : 'duplicate', null, {
    receivedId: r.id,
    code: fields.code ?? null,
    number: fields.number,
    issueDate: fields.issueDate,
    sellerName: fields.sellerName,
    totalFen: fields.totalFen,
    state: r.state,
  });
}

export const keyOfParsed = (p: ParsedInvoice) => receivedInvoiceKey(p);
