import type { InvoiceType } from '@fpy/domain';

/** What a received invoice file says about itself: enough to ask the bureau (查验) and to key the invoice. */
export interface ParsedInvoice {
  /** Where the fields came from. */
  format: 'xml' | 'pdf' | 'ofd' | 'image';
  /** 发票代码 of a legacy invoice; absent for 数电. */
  code?: string;
  number: string;
  /** yyyy-MM-dd */
  issueDate: string;
  type?: InvoiceType;
  sellerName?: string;
  sellerTaxNumber?: string;
  buyerName?: string;
  buyerTaxNumber?: string;
  /** 合计金额 (不含税), 合计税额, 价税合计 — fen, negative on a red invoice. */
  amountFen?: number;
  taxFen?: number;
  totalFen?: number;
  /** Last 6 digits of a legacy 校验码 (普票 查验). */
  checkCodeLast6?: string;
}

/** Why a file cannot be read; worded by the intake as INTAKE_FILE.<problem> naming the file. */
export type ParseProblem =
  | 'unknown_format'
  | 'broken'
  | 'encrypted'
  | 'too_large'
  | 'archive_refused'
  | 'no_fields'
  | 'no_qr';

export class ParseRefusal extends Error {
  constructor(
    readonly problem: ParseProblem,
    readonly detail = '',
  ) {
    super(`invoice file refused: ${problem}${detail ? ` (${detail})` : ''}`);
    this.name = 'ParseRefusal';
  }
}

/** A file is an invoice only with a number, a date and an amount (what 查验 needs). */
export function complete(p: Partial<ParsedInvoice> & { format: ParsedInvoice['format'] }): ParsedInvoice {
  if (!p.number || !/^\d{8,20}$/.test(p.number) || !p.issueDate || !/^\d{4}-\d{2}-\d{2}$/.test(p.issueDate))
    throw new ParseRefusal('no_fields');
  if (p.totalFen === undefined && p.amountFen === undefined) throw new ParseRefusal('no_fields');
  if (p.totalFen === undefined && p.amountFen !== undefined && p.taxFen !== undefined)
    p.totalFen = p.amountFen + p.taxFen;
  return p as ParsedInvoice;
}
