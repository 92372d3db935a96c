import { type BatchRowIssue, type CreateInvoiceBody, createInvoiceBody } from '@fpy/contracts';
import type { CodeRatesLookup } from '@fpy/domain';
import type { z } from 'zod';
import { AppError } from '../../../lib/errors.ts';
import { recompute } from '../invoicing/index.ts';
import {
  type BatchColumnKey,
  COLUMN_KEYS,
  HEADER_OF,
  INVOICE_KEYS,
  parseInvoiceTypeText,
  parsePricingMode,
  type RowValues,
} from './columns.ts';
import { type Commodity, issueOf, parseLine } from './parse-line.ts';
import { EXAMPLE_DOCUMENT_NO } from './template.ts';
import type { BatchReport, InvalidGroup, StoredInvoice, StoredRow } from './types.ts';

export interface SheetRow {
  rowNumber: number;
  values: RowValues;
}

export interface Validated {
  invoices: StoredInvoice[];
  report: BatchReport;
  /** Σ 价税合计 of the valid invoices, fen (for the credit-line notice). */
  totalFen: number;
  /** Rows that count (the example row excluded). */
  totalRows: number;
}

/** "上海市… 021-6488" → address + phone: split at the last blank; a lone number is a phone. */
function splitLast(text: string, lonePhone: boolean): [string | undefined, string | undefined] {
  const t = text.trim();
  if (!t) return [undefined, undefined];
  const at = t.search(/\s\S*$/);
  if (at > 0) return [t.slice(0, at).trim(), t.slice(at).trim()];
  return lonePhone && /^[\d\-+()（）]+$/.test(t) ? [undefined, t] : [t, undefined];
}

/** Engine violation code → the column users fix it in. */
function columnOfViolation(code: string): BatchColumnKey | null {
  if (code.startsWith('buyer_tax_number')) return 'buyerTaxNumber';
  if (code.startsWith('buyer_name') || code === 'natural_person_not_allowed') return 'buyerName';
  if (code === 'buyer_address_bank_required') return 'buyerBankAccount';
  if (code === 'invoice_type_invalid') return 'type';
  if (code.includes('tax_code')) return 'taxCode';
  if (code.startsWith('rate_') || code === 'zero_rate_tax' || code === 'reduced_rate_needs_inclusive')
    return 'rate';
  if (code.startsWith('quantity_sign') || code === 'quantity_invalid') return 'quantity';
  if (code.startsWith('unit_price')) return 'unitPrice';
  if (code.includes('amount') || code === 'quantity_price_mismatch') return 'amount';
  if (code.includes('name')) return 'name';
  return null;
}

const LINE_FIELD: Record<string, BatchColumnKey> = {
  name: 'name',
  taxCode: 'taxCode',
  spec: 'spec',
  unit: 'unit',
  quantity: 'quantity',
  unitPrice: 'unitPrice',
  amount: 'amount',
  rate: 'rate',
  policy: 'policy',
};
const BUYER_FIELD: Record<string, BatchColumnKey> = {
  name: 'buyerName',
  taxNumber: 'buyerTaxNumber',
  address: 'buyerAddressPhone',
  phone: 'buyerAddressPhone',
  bank: 'buyerBankAccount',
  account: 'buyerBankAccount',
  email: 'buyerEmail',
};

function zodMessage(i: z.core.$ZodIssue): string {
  if (i.code === 'too_big' && typeof i.maximum === 'number')
    return i.path[0] === 'lines' && i.path.length === 1
      ? `明细行不能超过${i.maximum}行`
      : `不能超过${i.maximum}个字符`;
  if (i.code === 'invalid_format') return '格式不正确';
  return i.message;
}

/** The single-issue rules on one group: the request schema first, then the tax engine (recompute). */
function checkInvoice(
  body: CreateInvoiceBody,
  rowNumbers: number[],
  codeRates: CodeRatesLookup,
): { issues: BatchRowIssue[]; totalFen: number } {
  const first = rowNumbers[0];
  const parsed = createInvoiceBody.safeParse(body);
  if (!parsed.success)
    return {
      totalFen: 0,
      issues: parsed.error.issues.map((i) => {
        const [head, idx, field] = i.path as (string | number)[];
        if (head === 'lines' && typeof idx === 'number')
          return issueOf(rowNumbers[idx] ?? first, LINE_FIELD[String(field)] ?? null, zodMessage(i));
        if (head === 'buyer') return issueOf(first, BUYER_FIELD[String(idx)] ?? null, zodMessage(i));
        if (head === 'remarks') return issueOf(first, 'remarks', zodMessage(i));
        return issueOf(first, null, zodMessage(i));
      }),
    };
  try {
    return { issues: [], totalFen: recompute(parsed.data, codeRates).totals.total };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const violations = (
      err.details as { violations?: { code: string; lineNo: number | null; message: string }[] }
    )?.violations;
    if (!violations?.length)
      return {
        totalFen: 0,
        issues: [
          issueOf(first, err.message.startsWith('备注') ? 'remarks' : null, err.message.replace(/^备注/, '')),
        ],
      };
    return {
      totalFen: 0,
      issues: violations.map((v) => {
        const key = columnOfViolation(v.code);
        // The engine says 第N行 for the invoice's line N; the report names the Excel row instead.
        const text = v.message.replace(/^第\d+行：/, '');
        const row = v.lineNo ? (rowNumbers[v.lineNo - 1] ?? first) : first;
        return { rowNumber: row, column: key ? HEADER_OF[key] : null, message: text };
      }),
    };
  }
}

/**
 * Groups rows by 单据号 (first appearance fixes the order and the group number), checks each group with the
 * single-issue rules and keeps the valid invoices. A group with any bad row is refused whole: an invoice is
 * never issued with some of its lines missing.
 */
export function validateRows(
  sheet: SheetRow[],
  goods: Map<string, Commodity>,
  codeRates: CodeRatesLookup,
): Validated {
  const rows = sheet.filter((r) => r.values.documentNo !== EXAMPLE_DOCUMENT_NO);
  const issues: BatchRowIssue[] = [];
  const groups = new Map<string, SheetRow[]>();
  const stored: StoredRow[] = [];
  const groupNoOf = new Map<string, number>();
  for (const r of rows) {
    const doc = r.values.documentNo;
    if (!doc) {
      issues.push(issueOf(r.rowNumber, 'documentNo', '不能为空'));
      stored.push({ rowNumber: r.rowNumber, groupNo: null, values: COLUMN_KEYS.map((k) => r.values[k]) });
      continue;
    }
    if (!groups.has(doc)) {
      groups.set(doc, []);
      groupNoOf.set(doc, groups.size);
    }
    groups.get(doc)!.push(r);
    stored.push({
      rowNumber: r.rowNumber,
      groupNo: groupNoOf.get(doc)!,
      values: COLUMN_KEYS.map((k) => r.values[k]),
    });
  }

  const invoices: StoredInvoice[] = [];
  const invalidGroups: InvalidGroup[] = [];
  let totalFen = 0;
  let validRows = 0;
  for (const [documentNo, groupRows] of groups) {
    const groupNo = groupNoOf.get(documentNo)!;
    const rowNumbers = groupRows.map((r) => r.rowNumber);
    const own: BatchRowIssue[] = [];
    const head = {} as Record<BatchColumnKey, string>;
    for (const key of INVOICE_KEYS) {
      const holder = groupRows.find((r) => r.values[key]);
      head[key] = holder?.values[key] ?? '';
      for (const r of groupRows)
        if (holder && r.values[key] && r.values[key] !== head[key])
          own.push(issueOf(r.rowNumber, key, `与本单据第${holder.rowNumber}行的“${head[key]}”不一致`));
    }
    const first = rowNumbers[0];
    const type = parseInvoiceTypeText(head.type);
    if (!head.type) own.push(issueOf(first, 'type', '不能为空'));
    else if (!type) own.push(issueOf(first, 'type', `“${head.type}”不是支持的发票类型`));
    const pricingMode = parsePricingMode(head.inclusive);
    if (!pricingMode) own.push(issueOf(first, 'inclusive', `请填写“是”或“否”，不是“${head.inclusive}”`));
    const lines = groupRows.map((r) => {
      const parsed = parseLine(r.rowNumber, r.values, pricingMode ?? 'exclusive', goods);
      own.push(...parsed.issues);
      return parsed.line;
    });
    if (!own.length && type && pricingMode) {
      const [address, phone] = splitLast(head.buyerAddressPhone, true);
      const [bank, account] = splitLast(head.buyerBankAccount, false);
      const opt = (s: string) => s || undefined;
      const body: CreateInvoiceBody = {
        // Placeholder: the real serial batch-<id>-<groupNo> is only known once the batch row exists.
        clientSerial: 'batch-0-0',
        type,
        pricingMode,
        buyer: {
          name: head.buyerName,
          taxNumber: opt(head.buyerTaxNumber.replace(/\s/g, '').toUpperCase()),
          address,
          phone,
          bank,
          account,
          email: opt(head.buyerEmail),
        },
        remarks: opt(head.remarks),
        lines,
        submit: false,
      };
      const checked = checkInvoice(body, rowNumbers, codeRates);
      own.push(...checked.issues);
      if (!checked.issues.length) {
        const { clientSerial: _placeholder, ...rest } = body;
        invoices.push({ groupNo, documentNo, rowNumbers, body: rest });
        totalFen += checked.totalFen;
        validRows += rowNumbers.length;
        continue;
      }
    }
    issues.push(...own);
    invalidGroups.push({ groupNo, documentNo, rowNumbers });
  }
  issues.sort((a, b) => a.rowNumber - b.rowNumber);
  return {
    invoices,
    totalFen,
    totalRows: rows.length,
    report: {
      rows: stored,
      issues,
      invalidGroups,
      validRows,
      invalidRows: rows.length - validRows,
      warnings: [],
      runFailures: [],
    },
  };
}
