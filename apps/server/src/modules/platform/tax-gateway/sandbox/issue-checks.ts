import { type CodeRatesLookup, codeRateProblem, INVOICE_TYPE_RULES, isInvoiceType } from '@fpy/domain';
import type { IssueRequest } from '../../../../gateways/tax-bureau/gateway.ts';
import { regionOf } from './numbering.ts';
import { FAILURE_MARKER } from './options.ts';

export interface Refusal {
  code: 'invalid_request' | 'bureau_rejected';
  message: string;
}

/** What the bureau would refuse before looking at credit or forms: malformed requests and injected failures. */
export function checkIssueRequest(
  req: IssueRequest,
  randomFailure: boolean,
  codeRates?: CodeRatesLookup,
): Refusal | null {
  const invalid = (message: string): Refusal => ({ code: 'invalid_request', message });
  // The sandbox plays the 数电 platform only (§1.1): legacy types went through tax-control devices (§11.2).
  if (!isInvoiceType(req.type) || INVOICE_TYPE_RULES[req.type].family !== 'digital')
    return invalid('沙箱仅支持数电发票的开具');
  if (!regionOf(req.seller.creditCode)) return invalid('销售方统一社会信用代码无法识别所属地区');
  if (!req.buyer.name.trim()) return invalid('购买方名称不能为空');
  if (
    !Number.isSafeInteger(req.amountFen) ||
    !Number.isSafeInteger(req.taxFen) ||
    !Number.isSafeInteger(req.totalFen)
  )
    return invalid('金额必须为整数（分）');
  if (req.amountFen + req.taxFen !== req.totalFen) return invalid('价税合计不等于金额与税额之和');
  const sign = req.colour === 'red' ? -1 : 1;
  if (req.totalFen * sign <= 0)
    return invalid(req.colour === 'red' ? '红字发票价税合计必须为负数' : '蓝字发票价税合计必须大于零');
  if (req.colour === 'red' && !req.redFormNo) return invalid('红字发票必须填写红字发票信息确认单编号');
  const rateRefusal = req.colour === 'blue' && codeRates ? lineRateRefusal(req, codeRates) : null;
  if (rateRefusal) return rateRefusal;
  if (req.buyer.name.includes(FAILURE_MARKER) || randomFailure)
    return {
      code: 'bureau_rejected',
      message: '税务局处理失败：购买方信息校验未通过，请核实后重新提交（沙箱模拟）',
    };
  return null;
}

/**
 * Issue 28 §7: like the platform, the bureau issues a line only at a rate its 税收分类编码 allows, or at a levy /
 * preferential rate declared with its flag. Red invoices reverse what was issued, so they are not judged again.
 */
function lineRateRefusal(req: IssueRequest, codeRates: CodeRatesLookup): Refusal | null {
  for (const [i, line] of req.lines.entries()) {
    const rates = line.taxCode ? codeRates(line.taxCode) : undefined;
    const problem = rates ? codeRateProblem(rates, line.rate, line.policy) : null;
    if (problem)
      return {
        code: 'bureau_rejected',
        message: `税务局校验未通过：商品税率与税收分类编码不匹配，第${i + 1}行：${problem}`,
      };
  }
  return null;
}
