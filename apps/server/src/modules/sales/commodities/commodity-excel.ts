import type { CommodityRow } from '@fpy/contracts';
import ExcelJS from 'exceljs';
import type { ExcelColumn } from '../../../lib/excel.ts';

/** The columns of an invoice's detail lines, as a historical-invoice export carries them (spec: importInvoiceInfo). */
export const IMPORT_COLUMNS: ExcelColumn<Record<string, string>>[] = [
  { key: 'name', header: '商品名称', width: 30 },
  { key: 'spec', header: '规格型号' },
  { key: 'unit', header: '单位', width: 10 },
  { key: 'unitPrice', header: '单价', width: 14 },
  { key: 'rate', header: '税率', width: 10 },
  { key: 'taxCode', header: '税收分类编码', width: 24 },
];
export const IMPORT_LABELS: Record<string, string> = Object.fromEntries(
  IMPORT_COLUMNS.map((c) => [c.key, c.header]),
);

const NOTES = [
  '商品名称、税率、税收分类编码必填；商品名称可带发票上的 *简称* 前缀，导入时去掉。',
  '税收分类编码须为19位数字，且是启用的末级编码（不能是汇总项）。',
  '税率填写 13%、9%、6%、3%、1% 等，或“免税”“不征税”；须是该编码允许的税率。',
  '单价为不含税单价，可留空；最多13位小数。',
  '与已有商品（名称、规格型号、单位、编码均相同）重复的行会跳过；自行编码自动生成。',
  '逐行导入：有错误的行不会写入，其余行照常导入，导入后可查看错误明细。',
];

export async function importTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('商品明细');
  ws.columns = IMPORT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  ws.getRow(1).font = { bold: true };
  // Text format: a 19-digit code typed as a number would lose its last digits in Excel.
  for (let i = 1; i <= IMPORT_COLUMNS.length; i++) ws.getColumn(i).numFmt = '@';
  ws.addRow({
    name: '*软件维护服务*接口服务费',
    spec: '',
    unit: '次',
    unitPrice: '1000',
    rate: '6%',
    taxCode: '3040201030000000000',
  });
  const notes = wb.addWorksheet('填写说明');
  notes.getColumn(1).width = 90;
  for (const line of NOTES) notes.addRow([line]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const EXPORT_COLUMNS: ExcelColumn<CommodityRow>[] = [
  { key: 'ownCode', header: '自行编码', width: 12 },
  { key: 'name', header: '商品名称', width: 28 },
  { key: 'printName', header: '开票名称', width: 36 },
  { key: 'taxCode', header: '税收分类编码', width: 22 },
  { key: 'taxCodeName', header: '编码名称', width: 24 },
  { key: 'spec', header: '规格型号' },
  { key: 'unit', header: '单位', width: 8 },
  { key: 'unitPrice', header: '单价', width: 14 },
  {
    key: 'pricingMode',
    header: '单价含税',
    width: 10,
    value: (r) => (r.pricingMode === 'inclusive' ? '是' : '否'),
  },
  { key: 'rateLabel', header: '税率', width: 8 },
  { key: 'policyLabel', header: '优惠政策', width: 14 },
  { key: 'status', header: '状态', width: 8, value: (r) => (r.status === 1 ? '启用' : '停用') },
];
