import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { listText } from '@fpy/contracts';
import { guardArchive, XLSX_LIMITS } from './archive-guard.ts';
import { badRequest } from './errors.ts';

export interface ExcelColumn<Row> {
  key: string;
  /** Header text in the sheet (Chinese first: the file is for finance staff). */
  header: string;
  width?: number;
  value?: (row: Row) => string | number | boolean | Date | null | undefined;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MAX_IMPORT_ROWS = 5000;

export async function buildWorkbook<Row>(
  sheetName: string,
  columns: ExcelColumn<Row>[],
  rows: Row[],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    ws.addRow(
      Object.fromEntries(
        columns.map((c) => [c.key, c.value ? c.value(r) : (r as Record<string, unknown>)[c.key]]),
      ),
    );
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Sends a workbook as a download with a UTF-8 file name. */
export function sendWorkbook(reply: FastifyReply, fileName: string, data: Buffer) {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(data);
}

export interface ParsedSheet {
  /** Row objects keyed by column key, with the sheet's 1-based row number. */
  rows: { rowNumber: number; values: Record<string, string> }[];
}

/**
 * Reads the first sheet of an uploaded .xlsx whose header row carries the given headers (in any order).
 * Refuses files that are not xlsx, empty, without the headers, or longer than MAX_IMPORT_ROWS. The archive
 * passes the shared guard first (archive-guard.ts): exceljs unpacks every part into memory, so a compression
 * bomb must be refused before it opens the file. `file` names the upload in that refusal (every import sends
 * its workbook as the field `file`).
 */
export async function readWorkbook<Row>(
  data: Buffer,
  columns: ExcelColumn<Row>[],
  file: { label: string; field: string } = { label: 'Excel 文件', field: 'file' },
): Promise<ParsedSheet> {
  if (data.length < 4 || data[0] !== 0x50 || data[1] !== 0x4b) throw badRequest('FILE_NOT_XLSX');
  await guardArchive(data, {
    ...file,
    limits: XLSX_LIMITS,
    malformed: () => badRequest('FILE_NOT_XLSX.unreadable'),
  });
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest('FILE_NOT_XLSX.unreadable');
  }
  const ws = wb.worksheets[0];
  if (!ws || ws.rowCount < 2) throw badRequest('FILE_EMPTY');
  const header = ws.getRow(1);
  const colIndex = new Map<string, number>();
  header.eachCell((cell, col) => {
    const text = String(cell.text ?? '').trim();
    const c = columns.find((x) => x.header === text);
    if (c) colIndex.set(c.key, col);
  });
  const missing = columns.filter((c) => !colIndex.has(c.key)).map((c) => c.header);
  if (missing.length) throw badRequest('FILE_HEADER_MISMATCH', { columns: listText(missing) });
  const rows: ParsedSheet['rows'] = [];
  ws.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Record<string, string> = {};
    let any = false;
    for (const [key, col] of colIndex) {
      const v = String(row.getCell(col).text ?? '').trim();
      values[key] = v;
      if (v) any = true;
    }
    if (any) rows.push({ rowNumber, values });
  });
  if (!rows.length) throw badRequest('FILE_EMPTY');
  if (rows.length > MAX_IMPORT_ROWS) throw badRequest('FILE_TOO_MANY_ROWS', { max: MAX_IMPORT_ROWS });
  return { rows };
}

/** Row-by-row import outcome the console shows and offers as a download (declared in the contracts). */
export type { ImportReport } from '@fpy/contracts';
