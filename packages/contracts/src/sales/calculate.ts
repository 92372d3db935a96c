import {
  dec,
  InvoiceType,
  MAX_AMOUNT_INTEGER_DIGITS,
  PreferentialPolicy,
  TaxRate,
  tryParseDecimal,
} from '@fpy/domain';
import { z } from 'zod';
import { faceText, fenAmount, nonNegativeFen, optionalDecimalText, text } from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * 试算: a draft invoice in, the tax engine's figures out (domain notes §4). Money crosses the wire as integer
 * fen plus a yuan string for display ("1409.50"); quantities and unit prices stay decimal strings so no
 * binary float ever touches them.
 */
export const invoiceTypeField = z.enum(InvoiceType);
export const taxRateField = z.enum(TaxRate);
export const policyField = z.enum(PreferentialPolicy);

/** Signs are the engine's to judge (red and discount lines are negative); digits are bounded here. */
const quantityField = optionalDecimalText('数量', { signed: true });
const unitPriceField = optionalDecimalText('单价', { signed: true });

/** At least the number of integer digits of a decimal text (a sign, blanks and leading zeros only add). */
const charsBeforePoint = (s: string) => {
  const point = s.indexOf('.');
  const end = point < 0 ? s.length : point;
  return s[0] === '-' || s[0] === '+' ? end - 1 : end;
};

/**
 * 数量 × 单价 within the 12-digit rule (§4.4): each may have 12 integer digits, their product may not, and past
 * 16 digits 价税合计 could not even be written in words.
 */
export function quantityPriceInRange(l: { quantity?: string; unitPrice?: string }): boolean {
  // |q| < 10^a and |p| < 10^b give |q × p| < 10^(a+b): when the characters before the points already say so,
  // the product needs no big-number arithmetic (which was most of a 20-line draft's validation, issue 28 §10).
  if (
    typeof l.quantity === 'string' &&
    typeof l.unitPrice === 'string' &&
    charsBeforePoint(l.quantity) + charsBeforePoint(l.unitPrice) <= MAX_AMOUNT_INTEGER_DIGITS
  )
    return true;
  const q = l.quantity ? tryParseDecimal(l.quantity) : null;
  const p = l.unitPrice ? tryParseDecimal(l.unitPrice) : null;
  return !q || !p || dec.integerDigits(dec.mul(q, p)) <= MAX_AMOUNT_INTEGER_DIGITS;
}
const QUANTITY_PRICE_ISSUE = {
  message: `数量×单价超出范围：金额整数部分不能超过${MAX_AMOUNT_INTEGER_DIGITS}位`,
  path: ['unitPrice'],
};

/** The fields of a line; `printed` decides whether names, specifications and units must print on the face. */
function lineShape(printed: (max: number) => z.ZodString) {
  return {
    name: printed(300),
    taxCode: text(40).optional(),
    spec: printed(200).optional(),
    unit: printed(100).optional(),
    quantity: quantityField,
    unitPrice: unitPriceField,
    /** In the pricing mode (含税金额 when inclusive), fen; derived from quantity × unit price when absent. */
    amount: fenAmount.optional(),
    /** Tax already printed upstream, fen: checked against the tolerances instead of recomputed. */
    tax: fenAmount.optional(),
    rate: taxRateField,
    policy: policyField.optional(),
    kind: z.enum(['normal', 'discount', 'discounted']).optional(),
    /** 差额征税 扣除额, fen. */
    deduction: fenAmount.optional(),
  };
}

/** A line of a draft to calculate (a preview: any clean text; the issuing form's lines use invoiceLineInput). */
export const calcLineInput = z.object(lineShape(text)).refine(quantityPriceInRange, QUANTITY_PRICE_ISSUE);
export type CalcLineInput = z.infer<typeof calcLineInput>;

/** A line of an invoice to issue: what is printed on the face must be printable. */
export const invoiceLineInput = z
  .object(lineShape((max) => faceText(max)))
  .refine(quantityPriceInRange, QUANTITY_PRICE_ISSUE);

export const calcDraft = z.object({
  type: invoiceTypeField,
  pricingMode: z.enum(['exclusive', 'inclusive']),
  colour: z.enum(['blue', 'red']).default('blue'),
  buyer: z.object({
    name: text(300),
    taxNumber: text(40).optional(),
    naturalPerson: z.boolean().optional(),
    address: text(300).optional(),
    phone: text(100).optional(),
    bank: text(300).optional(),
    account: text(100).optional(),
  }),
  options: z
    .object({
      reducedRateFormula: z.enum(['legacy', 'digital']).optional(),
      invoiceTaxTolerance: z.union([nonNegativeFen, z.literal(false)]).optional(),
      maxInvoiceTotal: nonNegativeFen.optional(),
    })
    .optional(),
  // The engine reports more than its 2,000-line limit itself; this only bounds the request.
  lines: z.array(calcLineInput).max(2500, '明细行不能超过2500行'),
});
export type CalcDraft = z.infer<typeof calcDraft>;

/** A money figure: fen for arithmetic, yuan text for display. */
export const moneyFigure = z.object({ fen: z.number().int(), yuan: z.string() });

export const calcLineResult = z.object({
  lineNo: z.number().int(),
  kind: z.enum(['normal', 'discount', 'discounted']),
  rate: taxRateField,
  /** "13%", "1.5%". */
  rateLabel: z.string(),
  policy: policyField.nullable(),
  quantity: z.string().nullable(),
  unitPrice: z.string().nullable(),
  unitPriceExclusive: z.string().nullable(),
  /** 金额 (excl. tax). */
  amount: moneyFigure,
  /** 税额. */
  tax: moneyFigure,
  /** 含税金额. */
  amountInclusive: moneyFigure,
  deduction: moneyFigure.nullable(),
  expectedTax: moneyFigure,
  taxError: moneyFigure,
});

export const calcViolation = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning']),
  lineNo: z.number().int().nullable(),
  message: z.string(),
});

export const calcResult = z.object({
  ok: z.boolean(),
  lines: z.array(calcLineResult),
  totals: z.object({
    /** 合计金额. */
    amount: moneyFigure,
    /** 合计税额. */
    tax: moneyFigure,
    /** 价税合计. */
    total: moneyFigure,
    taxError: moneyFigure,
  }),
  /** 价税合计大写: `digital` with 圆 (数电), `legacy` with 元 (domain notes §4.7). */
  amountInWords: z.object({ digital: z.string(), legacy: z.string() }),
  listRequired: z.boolean(),
  violations: z.array(calcViolation),
});
export type CalcResult = z.infer<typeof calcResult>;

export const calculateInvoiceRoute = defineRoute({
  open: {
    operation: 'invoice.calculate',
    group: 'output-invoice',
    path: '/openapi/v1/invoice/calculate',
    isv: true,
    summary: { zh: '价税计算', en: 'Calculate amounts and tax' },
  },
  method: 'POST',
  path: '/api/billing/v1/invoice/calculate',
  // Any console user for now; the issuing pages (next issue) will hold the real menu code.
  permission: 'authenticated',
  tag: 'billing',
  summary: '发票试算：按税额引擎计算每行金额、税额、含税金额、合计、价税合计大写及全部校验问题',
  body: calcDraft,
  reply: calcResult,
});
