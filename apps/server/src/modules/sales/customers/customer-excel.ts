import type { CustomerRow } from '@fpy/contracts';
import { INVOICE_TYPE_RULES, type InvoiceType, invoiceTypeRules, isInvoiceType } from '@fpy/domain';
import ExcelJS from 'exceljs';
import type { ExcelColumn } from '../../../lib/excel.ts';

export const IMPORT_COLUMNS: ExcelColumn<Record<string, string>>[] = [
  { key: 'name', header: '客户名称', width: 30 },
  { key: 'taxNumber', header: '纳税人识别号', width: 22 },
  { key: 'address', header: '地址', width: 30 },
  { key: 'phone', header: '电话', width: 16 },
  { key: 'bank', header: '开户行', width: 24 },
  { key: 'account', header: '银行账号', width: 22 },
  { key: 'email', header: '邮箱', width: 24 },
  { key: 'mobile', header: '手机号', width: 14 },
  { key: 'naturalPerson', header: '自然人', width: 8 },
  { key: 'defaultInvoiceType', header: '默认发票类型', width: 28 },
];
export const IMPORT_LABELS: Record<string, string> = Object.fromEntries(
  IMPORT_COLUMNS.map((c) => [c.key, c.header]),
);

const typeLabel = (t: InvoiceType | null) => (t ? invoiceTypeRules(t).label : '');

/** 默认发票类型 as typed: the label users read (数电发票（普通发票）) or our enum value; undefined if neither. */
export function parseInvoiceType(text: string): InvoiceType | null | undefined {
  const t = text.trim().replace(/\(/g, '（').replace(/\)/g, '）');
  if (!t) return null;
  if (isInvoiceType(t)) return t;
  return (
    (Object.entries(INVOICE_TYPE_RULES).find(([, r]) => r.label === t)?.[0] as InvoiceType | undefined) ??
    undefined
  );
}

const NOTES = [
  '客户名称必填；企业客户必须填写纳税人识别号（15、17、18或20位），同一纳税人识别号只能有一个客户。',
  '统一社会信用代码校验位不符时仍会导入，并在结果中提示核对。',
  '自然人填“是”或“否”（默认否）；自然人可不填纳税人识别号，默认发票类型只能是普通发票。',
  `默认发票类型可留空，或填写：${Object.values(INVOICE_TYPE_RULES)
    .map((r) => r.label)
    .join('、')}。`,
  '逐行导入：有错误的行不会写入，其余行照常导入，导入后可查看错误明细。',
];

export async function importTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('客户');
  ws.columns = IMPORT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  ws.getRow(1).font = { bold: true };
  // Text format: account numbers and tax numbers keep their digits as typed.
  for (let i = 1; i <= IMPORT_COLUMNS.length; i++) ws.getColumn(i).numFmt = '@';
  const notes = wb.addWorksheet('填写说明');
  notes.getColumn(1).width = 100;
  for (const line of NOTES) notes.addRow([line]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const EXPORT_COLUMNS: ExcelColumn<CustomerRow>[] = [
  ...IMPORT_COLUMNS.filter((c) => c.key !== 'naturalPerson' && c.key !== 'defaultInvoiceType').map(
    (c) => c as unknown as ExcelColumn<CustomerRow>,
  ),
  { key: 'naturalPerson', header: '自然人', width: 8, value: (r) => (r.naturalPerson ? '是' : '否') },
  {
    key: 'defaultInvoiceType',
    header: '默认发票类型',
    width: 28,
    value: (r) => typeLabel(r.defaultInvoiceType),
  },
];
