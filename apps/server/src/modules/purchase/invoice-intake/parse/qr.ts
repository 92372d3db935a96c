import { fromVerificationKind, type InvoiceType } from '@fpy/domain';
import { dateText, yuanText } from './money.ts';
import { complete, type ParsedInvoice, ParseRefusal } from './types.ts';

/**
 * An invoice QR's text (domain notes §8): 数电 `01,<31|32>,,<number>,<amount>,<yyyyMMdd>,,<check>`, the
 * compact 数电 form without empty fields `01,32,<number>,<amount>,<yyyyMMdd>,<check>` (§8.2 disagreement),
 * legacy `01,<kind>,<code>,<number>,<amount>,<yyyyMMdd>,<校验码>,<check>`. The amount is 价税合计 for 数电,
 * 不含税金额 for legacy (§8.1, unconfirmed).
 */
export function parseQrText(raw: string, format: ParsedInvoice['format'] = 'image'): ParsedInvoice {
  const parts = raw.trim().split(',');
  if (parts[0] !== '01' || parts.length < 6) throw new ParseRefusal('no_qr', 'not an invoice QR');
  const kind = parts[1];
  const type = fromVerificationKind(kind) as InvoiceType | undefined;
  const digital =
    kind === '31' || kind === '32' || /^\d{20}$/.test(parts[3] ?? '') || /^\d{20}$/.test(parts[2]);
  if (digital) {
    const compact = /^\d{20}$/.test(parts[2]);
    const [number, amount, date] = compact ? [parts[2], parts[3], parts[4]] : [parts[3], parts[4], parts[5]];
    return complete({ format, type, number, totalFen: yuanText(amount), issueDate: dateText(date) });
  }
  const checkCode = parts[6] ?? '';
  return complete({
    format,
    type,
    code: parts[2] || undefined,
    number: parts[3],
    amountFen: yuanText(parts[4]),
    issueDate: dateText(parts[5]),
    checkCodeLast6: /^\d{6,}$/.test(checkCode) ? checkCode.slice(-6) : undefined,
  });
}
