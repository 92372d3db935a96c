import { createHash } from 'node:crypto';
import { formatYuan, type InvoiceType, invoiceTypeRules, toVerificationKind } from '@fpy/domain';

/**
 * The QR code of the face, 数电 form (domain notes §8.2): `01,<kind>,,<number>,<amount>,<yyyyMMdd>,,<check>`.
 * - kind: 31 数电专票, 32 数电普票 (§1.2 B). 数电纸质 types have no kind in the notes: they take 31/32 by their
 *   专/普 family; legacy types take their own §1.2 B kind.
 * - amount: 价税合计 with two decimals (several parsers; UNCONFIRMED officially), negative on a red invoice.
 * - check: the bureau's value when the gateway returned one (invoices.check_code). The sandbox returns none,
 *   and the notes say the real 4-character value is not reproducible (§8.1 "do not validate it"), so we
 *   derive one deterministically: the first 4 hex digits (upper case, as in the Nuonuo sample `1DD6`) of
 *   SHA-256 over `<number>,<amount>,<yyyyMMdd>`. The same invoice always prints the same code.
 */
export interface QrInput {
  type: InvoiceType;
  number: string;
  totalFen: number;
  /** yyyyMMdd in Asia/Shanghai. */
  issueDate: string;
  checkCode?: string | null;
}

export function qrKind(type: InvoiceType): string {
  return toVerificationKind(type) ?? (invoiceTypeRules(type).special ? '31' : '32');
}

export function derivedCheck(number: string, amount: string, issueDate: string): string {
  return createHash('sha256')
    .update(`${number},${amount},${issueDate}`)
    .digest('hex')
    .slice(0, 4)
    .toUpperCase();
}

export function qrContent(q: QrInput): string {
  const amount = formatYuan(q.totalFen);
  const check = q.checkCode?.trim() || derivedCheck(q.number, amount, q.issueDate);
  return ['01', qrKind(q.type), '', q.number, amount, q.issueDate, '', check].join(',');
}
