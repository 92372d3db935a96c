import { type CustomerImportReport, customerInput } from '@fpy/contracts';
import { customers } from '@fpy/db';
import { scoped } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { readWorkbook } from '../../../lib/excel.ts';
import { IMPORT_COLUMNS, IMPORT_LABELS, parseInvoiceType } from './customer-excel.ts';
import { createCustomerVerb } from './save-customer.ts';

class RowProblem extends Error {}

const YES = new Set(['是', 'Y', 'y', 'yes', 'true', '1']);
const NO = new Set(['', '否', 'N', 'n', 'no', 'false', '0']);

/**
 * Row-by-row import: each row is checked like the form and written as one INSERT, so a bad row leaves nothing
 * behind and does not stop the good ones. Messages name the row and the column.
 */
export async function importCustomersVerb(ctx: AuthedCtx, data: Buffer): Promise<CustomerImportReport> {
  scoped(ctx, customers).tenantFor(null);
  const { rows } = await readWorkbook(data, IMPORT_COLUMNS);
  const report: CustomerImportReport = {
    total: rows.length,
    succeeded: 0,
    failed: 0,
    errors: [],
    warnings: [],
  };
  for (const { rowNumber, values } of rows) {
    try {
      const np = values.naturalPerson.trim();
      if (!YES.has(np) && !NO.has(np)) throw new RowProblem(`自然人：请填写“是”或“否”，不是“${np}”`);
      const type = parseInvoiceType(values.defaultInvoiceType);
      if (type === undefined)
        throw new RowProblem(`默认发票类型：“${values.defaultInvoiceType}”不是支持的发票类型`);
      const parsed = customerInput.safeParse({
        ...values,
        naturalPerson: YES.has(np),
        defaultInvoiceType: type,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const key = String(issue.path[0] ?? '');
        throw new RowProblem(`${IMPORT_LABELS[key] ?? key}：${issue.message}`);
      }
      const { warnings } = await createCustomerVerb(ctx, parsed.data);
      for (const w of warnings) report.warnings.push({ rowNumber, message: `第${rowNumber}行：${w}` });
      report.succeeded++;
    } catch (e) {
      if (!(e instanceof RowProblem) && !(e instanceof AppError))
        ctx.log.error({ err: e, rowNumber }, 'customer import row failed');
      const message =
        e instanceof RowProblem || e instanceof AppError ? e.message : '导入失败：服务器内部错误';
      report.failed++;
      report.errors.push({ rowNumber, message: `第${rowNumber}行：${message}` });
    }
  }
  return report;
}
