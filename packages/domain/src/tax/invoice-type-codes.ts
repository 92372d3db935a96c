/**
 * Provider / bureau codes for our invoice types (domain notes §1.2). Several tables co-exist and disagree, so each
 * has its own function; null means the table has no code for that type (or it is UNCONFIRMED in the notes).
 */
import type { InvoiceType } from './invoice-types.ts';

type CodeTable = Partial<Record<InvoiceType, string>>;

/** §1.2 A: 开票 发票类型代码 (fplxdm), FAPIAOAPI-DOC 附件4. */
const ISSUE_TYPE_CODE: CodeTable = {
  digital_special: '81',
  digital_ordinary: '82',
  digital_paper_special: '85',
  digital_paper_ordinary: '86',
  special_paper: '004',
  ordinary_paper: '007',
  electronic_ordinary: '026',
  electronic_special: '028',
  roll: '025',
};

/** §1.2 B: 查验 / QR-code 发票种类. 数电纸质 kinds are not in the notes. */
const VERIFICATION_KIND: CodeTable = {
  special_paper: '01',
  ordinary_paper: '04',
  electronic_special: '08',
  electronic_ordinary: '10',
  roll: '11',
  digital_special: '31',
  digital_ordinary: '32',
};

/** §1.2 C: Nuonuo invoiceLine letters (NUONUO-BILL + NUONUO-SAAS). */
const NUONUO_INVOICE_LINE: CodeTable = {
  electronic_ordinary: 'p',
  ordinary_paper: 'c',
  special_paper: 's',
  roll: 'r',
  electronic_special: 'b',
  digital_special: 'bs',
  digital_ordinary: 'pc',
  digital_paper_special: 'es',
  digital_paper_ordinary: 'ec',
};

/** §1.2 C: Baiwang invoiceTypeCode (01/02 = 全电专/普). 数电纸质 is not in the notes. */
const BAIWANG_TYPE_CODE: CodeTable = {
  special_paper: '004',
  ordinary_paper: '007',
  electronic_ordinary: '026',
  roll: '025',
  electronic_special: '028',
  digital_special: '01',
  digital_ordinary: '02',
};

function lookup(table: CodeTable, type: InvoiceType): string | null {
  return table[type] ?? null;
}

function reverse(table: CodeTable, code: string): InvoiceType | null {
  const hit = Object.entries(table).find(([, c]) => c === code.trim());
  return hit ? (hit[0] as InvoiceType) : null;
}

export const toIssueTypeCode = (t: InvoiceType) => lookup(ISSUE_TYPE_CODE, t);
export const fromIssueTypeCode = (code: string) => reverse(ISSUE_TYPE_CODE, code);
export const toVerificationKind = (t: InvoiceType) => lookup(VERIFICATION_KIND, t);
export const fromVerificationKind = (code: string) => reverse(VERIFICATION_KIND, code);
export const toNuonuoInvoiceLine = (t: InvoiceType) => lookup(NUONUO_INVOICE_LINE, t);
export const fromNuonuoInvoiceLine = (code: string) => reverse(NUONUO_INVOICE_LINE, code);
export const toBaiwangTypeCode = (t: InvoiceType) => lookup(BAIWANG_TYPE_CODE, t);
export const fromBaiwangTypeCode = (code: string) => reverse(BAIWANG_TYPE_CODE, code);
