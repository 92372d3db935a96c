/**
 * Plain input/output types of the tax engine (no zod: packages/domain has no runtime dependencies).
 * Names follow /work/shared/docs/glossary.md: amount (金额, excl. tax), tax (税额), total incl. tax (价税合计).
 */
import type { Fen } from '../money/fen.ts';
import type { CodeRatesLookup } from './code-rates.ts';
import type { InvoiceType } from './invoice-types.ts';
import type { PreferentialPolicy, TaxRate } from './rates.ts';
import type { Violation } from './violations.ts';

/** 含税 / 不含税 (§4.1 hsbz). */
export type PricingMode = 'exclusive' | 'inclusive';
/** Blue invoice / red invoice (红字: negative amounts, §4.1). */
export type InvoiceColour = 'blue' | 'red';
/** 正常行 / 折扣行 / 被折扣行 (§4.5 fphxz 0/1/2). */
export type LineKind = 'normal' | 'discount' | 'discounted';
/**
 * §4.6 DISAGREEMENT on 按5%简易征收减按1.5%计征: 'legacy' = (含税 − 扣除额) ÷ 1.05 × 1.5%;
 * 'digital' = 含税 ÷ 1.015 × 1.5% (inclusive) or 不含税 × 1.5% (exclusive).
 */
export type ReducedRateFormula = 'legacy' | 'digital';

export interface BuyerDraft {
  name: string;
  /** 纳税人识别号 / 统一社会信用代码. */
  taxNumber?: string;
  /** 自然人 (§5.3): allowed on 普票 only. */
  naturalPerson?: boolean;
  address?: string;
  phone?: string;
  bank?: string;
  account?: string;
}

export interface CalculationOptions {
  /** Per-line |税额 − round2(金额×税率)| limit in fen; default 6 (§4.2). */
  lineTaxTolerance?: Fen;
  /** Invoice-level |Σ line errors| limit in fen; default 127 (§4.3); `false` switches the check off. */
  invoiceTaxTolerance?: Fen | false;
  /** Default: 'digital' for 数电 types, 'legacy' otherwise (§4.6: configurable per channel). */
  reducedRateFormula?: ReducedRateFormula;
  /** 单张发票开票限额 on 价税合计 in fen (§4.9: device-specific, so off unless given). */
  maxInvoiceTotal?: Fen;
  /** Lines incl. discount lines; default 2000 (§4.8 Nuonuo). */
  maxLines?: number;
}

export interface InvoiceDraft {
  type: InvoiceType;
  pricingMode: PricingMode;
  colour: InvoiceColour;
  buyer: BuyerDraft;
  options?: CalculationOptions;
  lines: readonly LineDraft[];
  /**
   * The tax-code catalogue (issue 28 §7): when given, a line whose code it knows must carry a rate the code
   * allows (code-rates.ts). Absent in pure previews that have no catalogue.
   */
  codeRates?: CodeRatesLookup;
}

export interface LineDraft {
  /** 商品名称, "*简称*名称" (§1.4). */
  name: string;
  /** 税收分类编码, 19 digits (§1.4). */
  taxCode?: string;
  /** 规格型号. */
  spec?: string;
  /** 单位. */
  unit?: string;
  /** Decimal string; kept to 13 decimals (§4.4). Negative on red invoices (§4.1). */
  quantity?: string;
  /** Decimal string in the invoice's pricing mode (含税单价 when inclusive); never negative (§4.1). */
  unitPrice?: string;
  /** In the pricing mode: 含税金额 when inclusive, 金额 when exclusive. Derived from quantity × price if absent. */
  amount?: Fen;
  /** Tax as already printed upstream (e.g. imported); checked against the tolerances instead of recomputed. */
  tax?: Fen;
  rate: TaxRate;
  policy?: PreferentialPolicy;
  kind?: LineKind;
  /** 差额征税 扣除额 (§4.6). undefined = no deduction; 0 = 差额征税 with a zero deduction. */
  deduction?: Fen;
}

export interface LineResult {
  /** 1-based, as in the Chinese messages (第N行). */
  lineNo: number;
  kind: LineKind;
  rate: TaxRate;
  policy?: PreferentialPolicy;
  /** Up to 13 decimals, trailing zeros dropped; use formatDecimal(…, { maxDecimals: 8 }) for legacy channels. */
  quantity?: string;
  /** In the draft's pricing mode. */
  unitPrice?: string;
  /** 不含税单价 (§4.1: incl. price / (1+税率) in inclusive mode). */
  unitPriceExclusive?: string;
  /** 金额 (excl. tax). */
  amount: Fen;
  /** 税额. */
  tax: Fen;
  /** 含税金额 = amount + tax, exactly. */
  amountInclusive: Fen;
  deduction?: Fen;
  /** round2 of the tax the formula gives for this line's 金额 (§4.2). */
  expectedTax: Fen;
  /** tax − expectedTax (§4.2, summed in §4.3). */
  taxError: Fen;
}

export interface InvoiceTotals {
  /** 合计金额 = Σ 金额. */
  amount: Fen;
  /** 合计税额 = Σ 税额. */
  tax: Fen;
  /** 价税合计 = 合计金额 + 合计税额. */
  total: Fen;
  /** Σ line tax errors (§4.3). */
  taxError: Fen;
}

export interface InvoiceCalculation {
  /** No violation of severity 'error'. */
  ok: boolean;
  lines: LineResult[];
  totals: InvoiceTotals;
  /** 价税合计 in words (§4.7): 圆 on 数电, 元 on legacy. */
  amountInWords: { digital: string; legacy: string };
  /** §4.8: more lines than the paper face holds ⇒ 销货清单. */
  listRequired: boolean;
  violations: Violation[];
}
