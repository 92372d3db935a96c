import ExcelJS from 'exceljs';
import type { ServerResource } from './bind.ts';
import { importColumns } from './import.ts';

/**
 * The import template: the import columns as a header row, formatted as text so account and tax numbers keep
 * their digits as typed, and the resource's notes on a second sheet (填写说明).
 */
export async function importTemplate(res: ServerResource): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(res.meta.title.zh);
  const cols = importColumns(res);
  ws.columns = cols.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width ? Math.max(8, Math.min(40, Math.round(c.width / 8))) : 18,
  }));
  ws.getRow(1).font = { bold: true };
  for (let i = 1; i <= cols.length; i++) ws.getColumn(i).numFmt = '@';
  if (res.meta.importNotes?.length) {
    const notes = wb.addWorksheet('填写说明');
    notes.getColumn(1).width = 100;
    for (const line of res.meta.importNotes) notes.addRow([line.zh]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** 我的客户导入模板.xlsx */
export const templateFileName = (title: string) => `${title}导入模板.xlsx`;
