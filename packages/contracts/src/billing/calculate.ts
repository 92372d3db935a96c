import { InvoiceType, PreferentialPolicy, TaxRate } from '@fpy/domain';
import { z } from 'zod';
import { defineRoute } from '../route.ts';

/**
 * 试算: a draft invoice in, the tax engine's figures out (domain notes §4). Money crosses the wire as integer
 * fen plus a yuan string for display ("1409.50"); quantities and unit prices stay decimal strings so no
 * binary float ever touches them.
 */
export const invoiceTypeField = z.enum(InvoiceType);
export const taxRateField = z.enum(TaxRate);
export const policyField = z.enum(PreferentialPolicy);
const fen = z.number().int().refine(Number.isSafeInteger, '金额超出范围');
const decimalText = z.string().trim().max(40);
const lineText = (max: number) => z.string().max(max).optional();

export const calcLineInput = z.object({
  name: z.string().max(300),
  taxCode: lineText(40),
  spec: lineText(200),
  unit: lineText(100),
  quantity: decimalText.optional(),
  unitPrice: decimalText.optional(),
  /** In the pricing mode (含税金额 when inclusive), fen; derived from quantity × unit price when absent. */
  amount: fen.optional(),
  /** Tax already printed upstream, fen: checked against the tolerances instead of recomputed. */
  tax: fen.optional(),
  rate: taxRateField,
  policy: policyField.optional(),
  kind: z.enum(['normal', 'discount', 'discounted']).optional(),
  /** 差额征税 扣除额, fen. */
  deduction: fen.optional(),
});
export type CalcLineInput = z.infer<typeof calcLineInput>;

export const calcDraft = z.object({
  type: invoiceTypeField,
  pricingMode: z.enum(['exclusive', 'inclusive']),
  colour: z.enum(['blue', 'red']).default('blue'),
  buyer: z.object({
    name: z.string().max(300),
    taxNumber: z.string().max(40).optional(),
    naturalPerson: z.boolean().optional(),
    address: z.string().max(300).optional(),
    phone: z.string().max(100).optional(),
    bank: z.string().max(300).optional(),
    account: z.string().max(100).optional(),
  }),
  options: z
    .object({
      reducedRateFormula: z.enum(['legacy', 'digital']).optional(),
      invoiceTaxTolerance: z.union([fen, z.literal(false)]).optional(),
      maxInvoiceTotal: fen.optional(),
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
  method: 'POST',
  path: '/api/billing/v1/invoice/calculate',
  // Any console user for now; the issuing pages (next issue) will hold the real menu code.
  permission: 'authenticated',
  tag: 'billing',
  summary: '发票试算：按税额引擎计算每行金额、税额、含税金额、合计、价税合计大写及全部校验问题',
  body: calcDraft,
  reply: calcResult,
});
