import ExcelJS from 'exceljs';
import { BATCH_COLUMNS, type RowValues } from './columns.ts';

/** The example row's 单据号: such rows are shown in the template and skipped on upload. */
export const EXAMPLE_DOCUMENT_NO = '示例';

const EXAMPLE: RowValues = {
  documentNo: EXAMPLE_DOCUMENT_NO,
  type: '数电普票',
  buyerName: '上海云帆信息技术有限公司',
  buyerTaxNumber: '91310104MA1FR8KX39',
  buyerAddressPhone: '上海市徐汇区漕溪北路88号 021-64881234',
  buyerBankAccount: '招商银行上海徐汇支行 121909876510001',
  buyerEmail: '',
  remarks: '合同号 HT-2026-001',
  inclusive: '否',
  name: '*软件维护服务*接口服务费',
  taxCode: '3040201030000000000',
  commodityCode: '',
  spec: '',
  unit: '次',
  quantity: '2',
  unitPrice: '100',
  amount: '200.00',
  rate: '6%',
  policy: '',
};

const NOTES = [
  '每行是一条发票明细；单据号相同的行合为一张发票（最多2000行明细），单据号不同即为不同的发票。',
  '发票类型、购买方名称、购买方税号、地址电话、开户行及账号、邮箱、备注、含税标志属于整张发票：同一单据号的各行可重复填写或留空，但不能互相矛盾。',
  '商品名称、税收分类编码、规格型号、单位、税率可用“商品编码”（本企业商品编码中的自行编码）带出，填写的值优先。',
  '金额可留空，由数量×单价计算；数量、单价最多13位小数，金额最多两位小数（单位：元）。',
  '校验规则与单张开具相同；同一张发票中有任一行出错，整张发票都不会开具，其余发票照常开具。',
  `单据号为“${EXAMPLE_DOCUMENT_NO}”的行是示例，上传时忽略；一次最多5000行，文件不超过10 MB。`,
];

/** 批量开具模板: header notes on every column, one example row, the rules on a second sheet. */
export async function batchTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('批量开具');
  ws.columns = BATCH_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  BATCH_COLUMNS.forEach((c, i) => {
    if ('note' in c) header.getCell(i + 1).note = c.note;
  });
  // Text format: a 19-digit code or an account number typed as a number would lose digits in Excel.
  for (let i = 1; i <= BATCH_COLUMNS.length; i++) ws.getColumn(i).numFmt = '@';
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  ws.addRow(EXAMPLE).font = { color: { argb: 'FF888888' }, italic: true };
  const notes = wb.addWorksheet('填写说明');
  notes.getColumn(1).width = 110;
  for (const line of NOTES) notes.addRow([line]);
  for (const c of BATCH_COLUMNS) notes.addRow([`${c.header}：${'note' in c ? c.note : '可选。'}`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
