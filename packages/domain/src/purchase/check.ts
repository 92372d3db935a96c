import { parseYuan } from '../money/fen.ts';
import { fromVerificationKind } from '../tax/invoice-type-codes.ts';
import type { InvoiceType } from '../tax/invoice-types.ts';

/**
 * 查验 input rules of the purchase side (issue 31, lane CHECK; domain notes §7.1, §8). Pure: the console's forms and
 * the server's verbs give the same answers.
 */

/** One received invoice's key: the 数电 number, or `<发票代码>-<发票号码>` of a legacy invoice. */
export function purchaseInvoiceKey(inv: { code?: string | null; number: string }): string {
  const code = inv.code?.trim();
  return code ? `${code}-${inv.number.trim()}` : inv.number.trim();
}

/** 20-digit 数电 number; legacy: 10- or 12-digit code and 8-digit number (§2). */
export const DIGITAL_INVOICE_NUMBER = /^\d{20}$/;
export const LEGACY_INVOICE_CODE = /^(\d{10}|\d{12})$/;
export const LEGACY_INVOICE_NUMBER = /^\d{8}$/;

/**
 * What the extra element of a legacy check is, read from the code (§7.1, §1.2): a 10-digit code is a paper
 * 专票 / 普票 whose 8th digit names the kind (1/5 专票 → amount, 6 普票 → check code), a 12-digit code is an
 * electronic or roll invoice whose last three digits name it (…11 电子普票, …12 电子普票(通行费), 04/05 卷票, 13 电子专票).
 * Unknown shapes ask for either, the bureau decides.
 */
export function legacyCheckElement(code: string): 'amount' | 'checkCode' | 'either' {
  const c = code.trim();
  if (c.length === 10) {
    const k = c[7];
    if (k === '1' || k === '5' || k === '7') return 'amount';
    if (k === '6' || k === '2' || k === '3') return 'checkCode';
    return 'either';
  }
  if (c.length === 12) {
    const tail = c.slice(10);
    if (tail === '13') return 'amount';
    if (tail === '11' || tail === '12' || tail === '04' || tail === '05' || tail === '06' || tail === '07')
      return 'checkCode';
  }
  return 'either';
}

export interface ParsedInvoiceQr {
  type: InvoiceType | null;
  code: string | null;
  number: string;
  /** The QR's amount in fen: 价税合计 on 数电, 金额 on legacy (§8). */
  amountFen: number | null;
  /** yyyy-MM-dd */
  issueDate: string;
  checkCodeLast6: string | null;
}

/**
 * Reads an invoice QR (§8): `01,<kind>,<code>,<number>,<amount>,<yyyyMMdd>,<check code>,<xxxx>`, tolerant of the
 * 数电 form without the empty fields (`01,32,<number>,<amount>,<yyyyMMdd>,<xxxx>`, FAPIAOAPI) and of whitespace.
 * Null when it is no invoice QR.
 */
export function parseInvoiceQr(text: string): ParsedInvoiceQr | null {
  const parts = text
    .trim()
    .split(',')
    .map((p) => p.trim());
  if (parts.length < 6 || parts[0] !== '01') return null;
  let code: string;
  let number: string;
  let amount: string;
  let date: string;
  let check = '';
  if (DIGITAL_INVOICE_NUMBER.test(parts[2] ?? '')) {
    // compact 数电 form
    [code, number, amount, date] = ['', parts[2], parts[3], parts[4]];
  } else {
    [code, number, amount, date, check] = [parts[2], parts[3], parts[4], parts[5], parts[6] ?? ''];
  }
  if (!/^\d{8}$/.test(date ?? '')) return null;
  const digital = !code && DIGITAL_INVOICE_NUMBER.test(number);
  const legacy = LEGACY_INVOICE_CODE.test(code) && LEGACY_INVOICE_NUMBER.test(number);
  if (!digital && !legacy) return null;
  const fen = parseYuan(amount ?? '');
  return {
    type: fromVerificationKind(parts[1]),
    code: code || null,
    number,
    amountFen: fen === null ? null : Number(fen),
    issueDate: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`,
    checkCodeLast6: /^\d{6,}$/.test(check) ? check.slice(-6) : null,
  };
}
