import { INVOICE_TYPE_RULES, type InvoiceType, isInvoiceType } from '@fpy/domain';
import type { ExcelColumn } from '../../../lib/excel.ts';

/**
 * The template's columns, in the order users see them. Header fields (发票类型 … 含税标志) belong to the invoice:
 * every row of a 单据号 may repeat them or leave them blank, but must not contradict the first row that has them.
 */
export const BATCH_COLUMNS = [
  {
    key: 'documentNo',
    header: '单据号',
    width: 14,
    note: '必填。单据号相同的行合为一张发票（每行一条明细）。',
  },
  {
    key: 'type',
    header: '发票类型',
    width: 26,
    note: '必填：数电专票、数电普票，或完整名称如“数电发票（普通发票）”。',
  },
  { key: 'buyerName', header: '购买方名称', width: 28, note: '必填，不超过100个字符。' },
  { key: 'buyerTaxNumber', header: '购买方税号', width: 22, note: '专票必填：15、17、18或20位。' },
  { key: 'buyerAddressPhone', header: '购买方地址电话', width: 30, note: '地址与电话之间用空格分隔。' },
  { key: 'buyerBankAccount', header: '开户行及账号', width: 30, note: '开户行与账号之间用空格分隔。' },
  { key: 'buyerEmail', header: '购买方邮箱', width: 22 },
  { key: 'remarks', header: '备注', width: 20, note: '数电发票不超过200个字符。' },
  {
    key: 'inclusive',
    header: '含税标志',
    width: 10,
    note: '“是”（单价、金额含税）或“否”（不含税），留空为“否”。',
  },
  { key: 'name', header: '商品名称', width: 28, note: '填写商品编码时可留空，取商品编码的开票名称。' },
  { key: 'taxCode', header: '税收分类编码', width: 22, note: '19位数字；填写商品编码时可留空。' },
  {
    key: 'commodityCode',
    header: '商品编码',
    width: 12,
    note: '可选：本企业“商品编码”中的自行编码，带出名称、编码、规格、单位、税率。',
  },
  { key: 'spec', header: '规格型号', width: 14 },
  { key: 'unit', header: '单位', width: 8 },
  { key: 'quantity', header: '数量', width: 10 },
  { key: 'unitPrice', header: '单价', width: 12 },
  { key: 'amount', header: '金额', width: 14, note: '元，最多两位小数；可留空，由数量×单价计算。' },
  { key: 'rate', header: '税率', width: 8, note: '如 13%、9%、6%、3%、1%，或“免税”“不征税”。' },
  {
    key: 'policy',
    header: '优惠政策',
    width: 16,
    note: '可选，如 免税、不征税、简易征收、按5%简易征收减按1.5%计征。',
  },
] as const satisfies readonly (ExcelColumn<Record<string, string>> & { note?: string })[];

export type BatchColumnKey = (typeof BATCH_COLUMNS)[number]['key'];
export type RowValues = Record<BatchColumnKey, string>;

export const COLUMN_KEYS: BatchColumnKey[] = BATCH_COLUMNS.map((c) => c.key);
export const HEADER_OF = Object.fromEntries(BATCH_COLUMNS.map((c) => [c.key, c.header])) as Record<
  BatchColumnKey,
  string
>;

/** The invoice-level columns: equal on every row of one 单据号 (blank repeats the first). */
export const INVOICE_KEYS: BatchColumnKey[] = [
  'type',
  'buyerName',
  'buyerTaxNumber',
  'buyerAddressPhone',
  'buyerBankAccount',
  'buyerEmail',
  'remarks',
  'inclusive',
];

const TYPE_ALIASES: Record<string, InvoiceType> = {
  数电专票: 'digital_special',
  数电普票: 'digital_ordinary',
  全电专票: 'digital_special',
  全电普票: 'digital_ordinary',
  数电纸质专票: 'digital_paper_special',
  数电纸质普票: 'digital_paper_ordinary',
};

/** 发票类型 as typed: a short name, the label users read, or our enum value; null when none of them. */
export function parseInvoiceTypeText(text: string): InvoiceType | null {
  const t = text.trim().replace(/\(/g, '（').replace(/\)/g, '）');
  if (isInvoiceType(t)) return t;
  if (TYPE_ALIASES[t]) return TYPE_ALIASES[t];
  const hit = Object.entries(INVOICE_TYPE_RULES).find(([, r]) => r.label === t);
  return hit ? (hit[0] as InvoiceType) : null;
}

const YES = new Set(['是', '含税', 'Y', 'y', 'yes', 'true', '1']);
const NO = new Set(['', '否', '不含税', 'N', 'n', 'no', 'false', '0']);

/** 含税标志: 'inclusive' | 'exclusive', null when unreadable. */
export function parsePricingMode(text: string): 'inclusive' | 'exclusive' | null {
  const t = text.trim();
  if (YES.has(t)) return 'inclusive';
  if (NO.has(t)) return 'exclusive';
  return null;
}
