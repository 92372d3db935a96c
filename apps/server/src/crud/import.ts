import { type ImportReply, writableFields, writeBody } from '@fpy/resources';
import type { FastifyRequest } from 'fastify';
import { scoped } from '../data/tenant-scope.ts';
import type { AuthedCtx } from '../http/context.ts';
import { AppError } from '../lib/errors.ts';
import { type ExcelColumn, readWorkbook } from '../lib/excel.ts';
import { readUpload } from '../lib/upload.ts';
import type { ServerResource } from './bind.ts';
import { CellProblem, cellInput, withLabel } from './import-cells.ts';
import { createRow } from './writes.ts';

/** Beyond this a sheet is not a list of records someone typed; the limit is named in the refusal. */
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** The import columns: the writable fields under their Chinese labels (the template's and the export's headers). */
export const importColumns = (res: ServerResource): ExcelColumn<unknown>[] =>
  writableFields(res.meta).map(([key, f]) => ({ key, header: f.label.zh, width: f.width }));

/**
 * Excel import for resources that declare it. Each row is parsed like the form, checked by the write hook and
 * saved in its own transaction (with its audit row), so one bad row writes nothing and does not sink the file.
 * Errors and warnings name the row (第3行：…) and the column.
 */
export async function importRows(
  ctx: AuthedCtx,
  res: ServerResource,
  req: FastifyRequest,
): Promise<ImportReply> {
  // A platform account names no company here: refuse before reading the file rather than once per row.
  if (res.tenantId) scoped(ctx, res.table as never).tenantFor(null);
  const file = await readUpload(req, MAX_IMPORT_BYTES, 'Excel 文件');
  const { rows } = await readWorkbook(file.data, importColumns(res));
  const schema = writeBody(res.meta);
  const fields = res.meta.fields;
  const report: ImportReply = { total: rows.length, succeeded: 0, failed: 0, errors: [], warnings: [] };
  for (const { rowNumber, values } of rows) {
    const at = (message: string) => ({ rowNumber, message: `第${rowNumber}行：${message}` });
    try {
      const raw = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, cellInput(fields[k], v)]));
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const label = fields[String(issue.path[0])]?.label.zh ?? String(issue.path[0] ?? '');
        throw new CellProblem(withLabel(label, issue.message));
      }
      const { warnings } = await createRow(ctx, res, parsed.data);
      for (const w of warnings) report.warnings.push(at(w));
      report.succeeded++;
    } catch (err) {
      const known = err instanceof CellProblem || err instanceof AppError;
      if (!known) ctx.log.error({ err, rowNumber, resource: res.meta.name }, 'import row failed');
      report.failed++;
      report.errors.push(at(known ? err.message : '导入失败：服务器内部错误'));
    }
  }
  return report;
}
