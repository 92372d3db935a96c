import type { BatchRowIssue, CalcLineInput } from '@fpy/contracts';
import type { commodities } from '@fpy/db';
import {
  isPreferentialPolicy,
  POLICY_LABEL,
  type PreferentialPolicy,
  parseYuan,
  type TaxRate,
  tryParseDecimal,
} from '@fpy/domain';
import { parseRateText } from '@fpy/domain';
import { type BatchColumnKey, HEADER_OF, type RowValues } from './columns.ts';

export type Commodity = typeof commodities.$inferSelect;

const issueOf = (rowNumber: number, key: BatchColumnKey | null, message: string): BatchRowIssue => ({
  rowNumber,
  column: key ? HEADER_OF[key] : null,
  message: key ? `${HEADER_OF[key]}：${message}` : message,
});
export { issueOf };

const POLICY_BY_LABEL = new Map(Object.entries(POLICY_LABEL).map(([k, v]) => [v, k as PreferentialPolicy]));

function parsePolicy(text: string): PreferentialPolicy | null {
  const t = text.trim();
  if (isPreferentialPolicy(t)) return t;
  return POLICY_BY_LABEL.get(t) ?? null;
}

const numberText = (s: string) => s.replace(/[,，\s]/g, '');

/**
 * One workbook row → one invoice line as the issuing form would send it. Only the row's own readability is
 * checked here (numbers, rate, the commodity code); the tax rules are the engine's, applied to the whole invoice.
 */
export function parseLine(
  rowNumber: number,
  v: RowValues,
  pricingMode: 'inclusive' | 'exclusive',
  goods: Map<string, Commodity>,
): { line: CalcLineInput; issues: BatchRowIssue[] } {
  const issues: BatchRowIssue[] = [];
  const problem = (key: BatchColumnKey, message: string) => issues.push(issueOf(rowNumber, key, message));

  let c: Commodity | undefined;
  if (v.commodityCode) {
    c = goods.get(v.commodityCode);
    if (!c) problem('commodityCode', `“${v.commodityCode}”不是本企业的商品编码`);
    else if (c.status !== 1) problem('commodityCode', `“${v.commodityCode}”已停用`);
  }

  const quantity = numberText(v.quantity) || undefined;
  if (quantity && !tryParseDecimal(quantity)) problem('quantity', `“${v.quantity}”不是有效的数字`);
  let unitPrice = numberText(v.unitPrice) || undefined;
  if (unitPrice && !tryParseDecimal(unitPrice)) problem('unitPrice', `“${v.unitPrice}”不是有效的数字`);
  // The commodity's price only where the row gives a quantity and none of its own, in the same pricing mode.
  if (!unitPrice && quantity && c?.unitPrice && c.pricingMode === pricingMode) unitPrice = c.unitPrice;
  let amount: number | undefined;
  if (v.amount) {
    const fen = parseYuan(numberText(v.amount));
    if (fen === null) problem('amount', `“${v.amount}”不是有效的金额（单位元，最多两位小数）`);
    else amount = fen;
  }

  let rate: TaxRate | undefined;
  let policy: PreferentialPolicy | undefined;
  if (v.rate) {
    const r = parseRateText(v.rate);
    if (!r) problem('rate', `“${v.rate}”不是有效的税率（如 13%、6%、免税）`);
    else {
      rate = r.rate;
      policy = r.policy ?? undefined;
    }
  } else if (c) {
    rate = c.rate as TaxRate;
    policy = (c.policy as PreferentialPolicy | null) ?? undefined;
  } else problem('rate', '不能为空');
  if (v.policy) {
    const p = parsePolicy(v.policy);
    if (!p) problem('policy', `“${v.policy}”不是支持的优惠政策`);
    else policy = p;
  }

  const name = v.name || (c ? `*${c.shortName}*${c.name}` : '');
  if (!name) problem('name', '不能为空（或填写商品编码）');
  const opt = (s: string | null | undefined) => s || undefined;
  return {
    line: {
      name,
      taxCode: opt(v.taxCode.replace(/\s/g, '')) ?? opt(c?.taxCode),
      spec: opt(v.spec) ?? opt(c?.spec),
      unit: opt(v.unit) ?? opt(c?.unit),
      quantity,
      unitPrice,
      amount,
      rate: rate ?? 'rate_13',
      policy,
    },
    issues,
  };
}
