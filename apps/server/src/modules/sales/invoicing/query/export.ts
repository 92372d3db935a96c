import { INVOICE_EXPORT_MAX_ROWS, type QueryOf, type exportInvoiceQuery } from '@fpy/contracts';
import { invoices } from '@fpy/db';
import {
  formatYuan,
  INVOICE_STATUS_LABELS,
  type InvoiceStatus,
  type InvoiceType,
  invoiceTypeRules,
} from '@fpy/domain';
import { count } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { badRequest } from '../../../../lib/errors.ts';
import { buildWorkbook, type ExcelColumn } from '../../../../lib/excel.ts';
import { categoryNames } from './categories.ts';
import { invoiceQueryOrder, invoiceQueryWhere } from './filters.ts';

type Invoice = typeof invoices.$inferSelect;

// Shown in Asia/Shanghai, spec §9 format; China has no daylight saving.
const shanghaiTime = (d: Date | null) =>
  d ? new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ') : '';
// A number cell lets finance staff sum the column; the value is the exact decimal from formatYuan, only its
// cell representation is a double (Excel has no other), never used for arithmetic here.
const yuan = (fen: number) => Number(formatYuan(fen));

/** The columns, with the 发票分类 names of the exported rows (a company keeps a few dozen at most). */
const columns = (categories: Map<number, string>): ExcelColumn<Invoice>[] => [
  { key: 'number', header: '发票号码', width: 24 },
  { key: 'issuedAt', header: '开票日期', width: 20, value: (r) => shanghaiTime(r.issuedAt) },
  { key: 'type', header: '发票类型', width: 30, value: (r) => invoiceTypeRules(r.type as InvoiceType).label },
  { key: 'colour', header: '蓝字/红字', width: 10, value: (r) => (r.colour === 'red' ? '红字' : '蓝字') },
  {
    key: 'status',
    header: '发票状态',
    width: 10,
    value: (r) => INVOICE_STATUS_LABELS[r.status as InvoiceStatus],
  },
  { key: 'buyerName', header: '购买方名称', width: 32 },
  { key: 'buyerTaxNumber', header: '购买方纳税人识别号', width: 22 },
  { key: 'amountFen', header: '金额', width: 14, value: (r) => yuan(r.amountFen) },
  { key: 'taxFen', header: '税额', width: 14, value: (r) => yuan(r.taxFen) },
  { key: 'totalFen', header: '价税合计', width: 14, value: (r) => yuan(r.totalFen) },
  { key: 'drawer', header: '开票人', width: 12 },
  {
    key: 'categoryId',
    header: '发票分类',
    width: 16,
    value: (r) => (r.categoryId ? (categories.get(r.categoryId) ?? '') : ''),
  },
  { key: 'blueNumber', header: '对应蓝字发票号码', width: 24 },
  { key: 'remarks', header: '备注', width: 30 },
  { key: 'failureReason', header: '失败原因', width: 30 },
  { key: 'clientSerial', header: '流水号', width: 28 },
];

/** The filtered set as a workbook; above the cap the user is asked to narrow it rather than waiting on a huge file. */
export async function exportInvoices(ctx: AuthedCtx, q: QueryOf<typeof exportInvoiceQuery>): Promise<Buffer> {
  const where = invoiceQueryWhere(ctx, q);
  const [{ n }] = await ctx.db.select({ n: count() }).from(invoices).where(where);
  if (Number(n) > INVOICE_EXPORT_MAX_ROWS)
    throw badRequest('EXPORT_TOO_MANY_ROWS', { count: Number(n), max: INVOICE_EXPORT_MAX_ROWS });
  const rows = await ctx.db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(...invoiceQueryOrder(q.sort, q));
  const categories = await categoryNames(
    ctx.db,
    rows.map((r) => r.categoryId),
  );
  return buildWorkbook('销项发票', columns(categories), rows);
}
