import { type Db, type invoiceBatches, invoices } from '@fpy/db';
import { INVOICE_STATUS_LABELS, type InvoiceStatus, isIssuedStatus } from '@fpy/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { BATCH_COLUMNS } from './columns.ts';
import type { BatchPayload, BatchReport } from './types.ts';

type Batch = typeof invoiceBatches.$inferSelect;

const FAILED = new Set(['failed', 'void']);

/** The uploaded rows as they were, plus 结果 (已开具 / 开具失败 / 校验失败 / in-between states), 发票号码, 原因. */
export async function resultWorkbook(db: Db, batch: Batch): Promise<Buffer> {
  const report = batch.report as BatchReport;
  const payload = batch.payload as BatchPayload;
  const created = await db
    .select({
      groupNo: invoices.batchRow,
      status: invoices.status,
      number: invoices.number,
      reason: invoices.failureReason,
    })
    .from(invoices)
    .where(eq(invoices.batchId, batch.id));
  const byGroup = new Map(created.map((c) => [c.groupNo, c]));
  const runFailures = new Map(report.runFailures.map((f) => [f.groupNo, f.reason]));
  const valid = new Set(payload.invoices.map((i) => i.groupNo));
  const issuesByRow = new Map<number, string[]>();
  for (const i of report.issues)
    issuesByRow.set(i.rowNumber, [...(issuesByRow.get(i.rowNumber) ?? []), i.message]);
  const badRowsOf = new Map(report.invalidGroups.map((g) => [g.groupNo, g.rowNumbers]));

  const outcome = (rowNumber: number, groupNo: number | null): [string, string, string] => {
    const own = issuesByRow.get(rowNumber);
    if (groupNo === null || !valid.has(groupNo)) {
      if (own) return ['校验失败', '', own.join('；')];
      const others = (badRowsOf.get(groupNo ?? -1) ?? []).filter((r) => issuesByRow.has(r));
      return ['校验失败', '', `同一单据第${others.join('、')}行有误，整张发票未开具`];
    }
    const run = runFailures.get(groupNo);
    if (run) return ['开具失败', '', run];
    const inv = byGroup.get(groupNo);
    if (!inv) return [batch.status === 'validated' ? '未开具' : '待开具', '', ''];
    if (isIssuedStatus(inv.status)) return ['已开具', inv.number ?? '', ''];
    if (FAILED.has(inv.status)) return ['开具失败', '', inv.reason ?? ''];
    return [INVOICE_STATUS_LABELS[inv.status as InvoiceStatus] ?? inv.status, '', ''];
  };

  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('开具结果');
  ws.columns = [
    { header: '行号', key: 'rowNumber', width: 8 },
    ...BATCH_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width })),
    { header: '结果', key: 'result', width: 12 },
    { header: '发票号码', key: 'number', width: 24 },
    { header: '原因', key: 'reason', width: 50 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of report.rows) {
    const [result, number, reason] = outcome(r.rowNumber, r.groupNo);
    ws.addRow([r.rowNumber, ...r.values, result, number, reason]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
