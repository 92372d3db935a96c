import { type ImportReport, orderLineInput } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { parseYuan, rateLabel, TaxRate } from '@fpy/domain';
import { buildWorkbook, readWorkbook } from '../../../lib/excel.ts';
import type { AuditCtx } from '../../../lib/write/index.ts';
import { createOrder } from './verbs/create-order.ts';

const COLUMNS = [
  { key: 'no', header: '订单号' },
  { key: 'name', header: '项目名称' },
  { key: 'amount', header: '金额（元）' },
  { key: 'rate', header: '税率' },
  { key: 'taxCode', header: '税收分类编码' },
  { key: 'quantity', header: '数量' },
  { key: 'unit', header: '单位' },
];
export const ORDER_IMPORT_HEADERS = COLUMNS.map((c) => c.header);

const RATE_BY_LABEL = new Map(Object.values(TaxRate).map((r) => [rateLabel(r), r]));

/**
 * Excel import of orders: one line per row, rows with the same 订单号 make one order (its number: a file imported
 * twice adds nothing the second time). A row that does not pass fails its whole order; the report names each.
 */
export async function importOrders(
  ctx: AuditCtx & { db: Db },
  tenantId: number,
  data: Buffer,
): Promise<ImportReport> {
  const { rows } = await readWorkbook(data, COLUMNS);
  const groups = new Map<string, typeof rows>();
  for (const row of rows) {
    const no = row.values.no || `row-${row.rowNumber}`;
    groups.set(no, [...(groups.get(no) ?? []), row]);
  }
  const errors: ImportReport['errors'] = [];
  let succeeded = 0;
  for (const [no, group] of groups) {
    const lines = [];
    let bad = false;
    for (const { rowNumber, values } of group) {
      const amountFen = parseYuan(values.amount);
      const rate = RATE_BY_LABEL.get(values.rate.replace(/\s/g, '')) ?? (values.rate ? null : 'rate_13');
      const parsed = orderLineInput.safeParse({
        name: values.name,
        amountFen: amountFen ?? Number.NaN,
        rate: rate ?? values.rate,
        ...(values.taxCode ? { taxCode: values.taxCode } : {}),
        ...(values.quantity ? { quantity: values.quantity } : {}),
        ...(values.unit ? { unit: values.unit } : {}),
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        errors.push({ rowNumber, message: `${issue.path.join('.')}: ${issue.message}` });
        bad = true;
      } else lines.push(parsed.data);
    }
    if (bad) continue;
    try {
      await createOrder(ctx, {
        tenantId,
        origin: 'import',
        externalNo: /^[\w.:-]{1,64}$/.test(no) ? no : null,
        lines,
      });
      succeeded += group.length;
    } catch (err) {
      errors.push({
        rowNumber: group[0].rowNumber,
        message: err instanceof Error ? err.message : String(err),
      });
    }
  }
  return { total: rows.length, succeeded, failed: rows.length - succeeded, errors };
}

/** The template: the headers and two lines of one example order. */
export const importTemplate = () =>
  buildWorkbook<Record<string, string>>('订单明细', COLUMNS, [
    {
      no: 'POS-20260101-0001',
      name: '*餐饮服务*餐费',
      amount: '128.00',
      rate: '6%',
      taxCode: '',
      quantity: '',
      unit: '',
    },
    {
      no: 'POS-20260101-0001',
      name: '*酒*啤酒',
      amount: '24.00',
      rate: '13%',
      taxCode: '',
      quantity: '2',
      unit: '瓶',
    },
  ]);
