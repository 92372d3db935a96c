import { issuingTenant } from '../invoicing/index.ts';
import { codeRatesFor } from '../tax-codes/index.ts';
import type { InvoiceBatchDetail } from '@fpy/contracts';
import { commodities, invoiceBatches } from '@fpy/db';
import { formatYuan } from '@fpy/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AuthedCtx } from '../../../http/context.ts';
import { badRequest } from '../../../lib/errors.ts';
import { readWorkbook } from '../../../lib/excel.ts';

import { BATCH_COLUMNS, type RowValues } from './columns.ts';
import type { Commodity } from './parse-line.ts';
import { batchDetail } from './progress.ts';
import type { BatchPayload } from './types.ts';
import { validateRows } from './validate.ts';

/**
 * Parses and validates an uploaded workbook and stores it as a batch in 'validated' (nothing is issued yet).
 * A file whose every row is bad still makes a batch: its report is what the user needs.
 */
export async function uploadBatch(
  ctx: AuthedCtx,
  upload: { fileName: string; data: Buffer },
): Promise<InvoiceBatchDetail> {
  const tenantId = issuingTenant(ctx);
  const { rows } = await readWorkbook(upload.data, [...BATCH_COLUMNS]);
  const sheet = rows.map((r) => ({ rowNumber: r.rowNumber, values: r.values as RowValues }));
  const codes = [...new Set(sheet.map((r) => r.values.commodityCode).filter(Boolean))];
  const goods = new Map<string, Commodity>();
  if (codes.length)
    for (const c of await ctx.db
      .select()
      .from(commodities)
      .where(and(eq(commodities.tenantId, tenantId), inArray(commodities.ownCode, codes))))
      goods.set(c.ownCode, c);

  const v = validateRows(sheet, goods, await codeRatesFor(ctx.db));
  if (!v.totalRows) throw badRequest('FILE_EMPTY.batch');
  if (v.invoices.length) {
    // §11.1: the bureau refuses what exceeds the month's line; say so before anyone presses 开具.
    const credit = await ctx.taxGatewayFor(ctx.db).creditLine(tenantId);
    if (v.totalFen > credit.remainingFen)
      v.report.warnings.push(
        `本批发票价税合计 ${formatYuan(v.totalFen)} 元，超过本月剩余授信额度 ${formatYuan(credit.remainingFen)} 元：超出额度的发票将开具失败`,
      );
  }
  const payload: BatchPayload = { invoices: v.invoices, issuedBy: null };
  const [batch] = await ctx.db
    .insert(invoiceBatches)
    .values({
      tenantId,
      fileName: upload.fileName,
      status: 'validated',
      totalRows: v.totalRows,
      invoiceCount: v.invoices.length,
      payload,
      report: v.report,
      createdBy: ctx.actor.userId,
      createdByName: ctx.actor.name,
    })
    .returning();
  return batchDetail(ctx.db, batch);
}
