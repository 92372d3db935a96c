import { type CommodityImportReport, commodityInput } from '@fpy/contracts';
import { commodities } from '@fpy/db';
import { scoped } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { readWorkbook } from '../../../lib/excel.ts';
import { commodityValues, createCommodityVerb } from './save-commodity.ts';
import { stripShortName } from './commodity-rows.ts';
import { parseRateText } from '@fpy/domain';
import { IMPORT_COLUMNS, IMPORT_LABELS } from './commodity-excel.ts';

class RowProblem extends Error {}

const keyOf = (c: { name: string; spec: string | null; unit: string | null; taxCode: string }) =>
  [c.name, c.spec ?? '', c.unit ?? '', c.taxCode].join('\u0001');

/**
 * Goods from a historical invoice's detail lines. Each row is checked like the add form (tax code usable,
 * rate allowed for it) and written as one INSERT, so a bad row leaves nothing behind and does not stop the
 * good ones. Lines repeating a kept commodity (same name, spec, unit and code) are skipped, not duplicated:
 * an invoice history repeats its goods.
 */
export async function importCommoditiesVerb(ctx: AuthedCtx, data: Buffer): Promise<CommodityImportReport> {
  const s = scoped(ctx, commodities);
  s.tenantFor(null);
  const { rows } = await readWorkbook(data, IMPORT_COLUMNS);
  const existing = await ctx.db
    .select({
      name: commodities.name,
      spec: commodities.spec,
      unit: commodities.unit,
      taxCode: commodities.taxCode,
    })
    .from(commodities)
    .where(s.where());
  const seen = new Set(existing.map(keyOf));
  const report: CommodityImportReport = {
    total: rows.length,
    succeeded: 0,
    skipped: 0,
    failed: 0,
    errors: [],
  };
  for (const { rowNumber, values } of rows) {
    try {
      const rate = parseRateText(values.rate);
      if (!values.rate) throw new RowProblem('税率：不能为空');
      if (!rate) throw new RowProblem(`税率：“${values.rate}”不是有效税率（如 13%、6%、免税）`);
      const parsed = commodityInput.safeParse({
        name: stripShortName(values.name),
        taxCode: values.taxCode.replace(/\s/g, ''),
        spec: values.spec,
        unit: values.unit,
        unitPrice: values.unitPrice.replace(/,/g, ''),
        pricingMode: 'exclusive',
        rate: rate.rate,
        policy: rate.policy,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const key = String(issue.path[0] ?? '');
        throw new RowProblem(`${IMPORT_LABELS[key] ?? key}：${issue.message}`);
      }
      // Validate first so the duplicate test compares the normalised code, then write.
      await commodityValues(ctx.db, parsed.data, { taxCode: '税收分类编码', rate: '税率' });
      const key = keyOf(parsed.data);
      if (seen.has(key)) {
        report.skipped++;
        continue;
      }
      await createCommodityVerb(ctx, parsed.data);
      seen.add(key);
      report.succeeded++;
    } catch (e) {
      if (!(e instanceof RowProblem) && !(e instanceof AppError))
        ctx.log.error({ err: e, rowNumber }, 'commodity import row failed');
      const message =
        e instanceof RowProblem || e instanceof AppError ? e.message : '导入失败：服务器内部错误';
      report.failed++;
      report.errors.push({ rowNumber, message: `第${rowNumber}行：${message}` });
    }
  }
  return report;
}
