import { writeBody, writableFields } from '@fpy/resources';
import type { FastifyRequest } from 'fastify';
import type { AuthedCtx } from '../http/context.ts';
import { AppError, badRequest } from '../lib/errors.ts';
import { type ExcelColumn, type ImportReport, readWorkbook } from '../lib/excel.ts';
import { readUpload } from '../lib/upload.ts';
import type { ServerResource } from './bind.ts';
import { createRow } from './writes.ts';

/** The server-wide multipart cap (app.ts), named in the refusal. */
const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/**
 * Excel import for resources that declare it: the header row carries the writable fields' Chinese labels
 * (the same headers the export writes); each row is validated and saved on its own, so one bad row does not
 * sink the file, and the report names every failed row.
 */
export async function importRows(
  ctx: AuthedCtx,
  res: ServerResource,
  req: FastifyRequest,
): Promise<ImportReport> {
  const file = await readUpload(req, MAX_IMPORT_BYTES, '文件');
  const columns: ExcelColumn<unknown>[] = writableFields(res.meta).map(([key, f]) => ({
    key,
    header: f.label.zh,
  }));
  const { rows } = await readWorkbook(file.data, columns);
  const schema = writeBody(res.meta);
  const report: ImportReport = { total: rows.length, succeeded: 0, failed: 0, errors: [] };
  for (const { rowNumber, values } of rows) {
    const raw = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, v === '' ? undefined : toInput(res, k, v)]),
    );
    const parsed = schema.safeParse(raw);
    try {
      if (!parsed.success) throw badRequest('VALIDATION_FAILED', parsed.error.issues[0].message);
      await createRow(ctx, res, parsed.data);
      report.succeeded++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      report.failed++;
      report.errors.push({ rowNumber, message: err.message });
    }
  }
  return report;
}

/** Cells arrive as text; booleans are written 是/否 by the export. */
function toInput(res: ServerResource, key: string, v: string): unknown {
  const t = res.meta.fields[key]?.type;
  if (t === 'boolean') return v === '是' || v.toLowerCase() === 'true' || v === '1';
  return v;
}
