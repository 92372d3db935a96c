import type { CalcResult, CreateInvoiceBody, InvoiceDetail, UpdateInvoiceBody } from '@fpy/contracts';
import {
  dec,
  formatDecimal,
  type InvoiceType,
  type PreferentialPolicy,
  parseYuan,
  rateFraction,
  type TaxRate,
  tryParseDecimal,
} from '@fpy/domain';

export type PricingMode = 'exclusive' | 'inclusive';
export type LineKind = 'normal' | 'discount' | 'discounted';

/** One row of the line grid as typed: text everywhere, the amount in yuan (converted to fen when sent). */
export interface LineRow {
  key: string;
  kind: LineKind;
  name: string;
  taxCode: string;
  spec: string;
  unit: string;
  quantity: string;
  unitPrice: string;
  /** Yuan, in the invoice's pricing mode; used when quantity × price is not given (and for discounts). */
  amount: string;
  rate: TaxRate;
  policy: PreferentialPolicy | null;
  /** "免税" etc., shown beside the rate when the commodity carries a preferential flag. */
  policyLabel?: string | null;
}

/** The header as the antd form holds it. */
export interface HeaderValues {
  type: InvoiceType;
  inclusive: boolean;
  specialLabel?: string | null;
  buyer: {
    name: string;
    taxNumber?: string;
    naturalPerson?: boolean;
    address?: string;
    phone?: string;
    bank?: string;
    account?: string;
    email?: string;
  };
  remarks?: string;
  drawer?: string;
  payee?: string;
  reviewer?: string;
}

let keySeq = 0;
export const newKey = () => `l${++keySeq}`;

export const emptyLine = (rate: TaxRate = 'rate_13'): LineRow => ({
  key: newKey(),
  kind: 'normal',
  name: '',
  taxCode: '',
  spec: '',
  unit: '',
  quantity: '',
  unitPrice: '',
  amount: '',
  rate,
  policy: null,
});

/** A row the user has not started is left out of the calculation (its 第N行 would only say it is empty). */
export const isBlank = (l: LineRow) => !l.name.trim() && !l.quantity && !l.unitPrice && !l.amount;

/** A fresh idempotency key per form session: a double click or a resubmission returns the same invoice. */
export const newClientSerial = () =>
  `WEB-${Date.now().toString(36)}-${(crypto.randomUUID?.() ?? Math.random().toString(36).slice(2)).replace(/-/g, '').slice(0, 12)}`;

const opt = (v: string | undefined | null) => (v?.trim() ? v.trim() : undefined);

/** A row as the engine takes it; discount amounts are typed positive and sent negative. */
export function toCalcLine(l: LineRow) {
  const fen = l.amount.trim() ? parseYuan(l.amount.trim()) : null;
  const amount = fen === null ? undefined : l.kind === 'discount' ? -Math.abs(fen) : fen;
  const priced = l.kind !== 'discount' && l.quantity.trim() && l.unitPrice.trim();
  return {
    name: l.name.trim(),
    taxCode: opt(l.taxCode),
    spec: opt(l.spec),
    unit: opt(l.unit),
    quantity: l.kind === 'discount' ? undefined : opt(l.quantity),
    unitPrice: l.kind === 'discount' ? undefined : opt(l.unitPrice),
    // quantity × price wins when both are there; the engine derives the amount itself.
    amount: priced ? undefined : amount,
    rate: l.rate,
    policy: l.policy ?? undefined,
    kind: l.kind === 'normal' ? undefined : l.kind,
  };
}

/** The rows sent, and for each its index in the grid (so 第N行 maps back to the right row). */
export function sentLines(lines: LineRow[]) {
  const index = lines.flatMap((l, i) => (isBlank(l) ? [] : [i]));
  return { lines: index.map((i) => toCalcLine(lines[i])), index };
}

function buyerOf(h: HeaderValues) {
  const b = h.buyer ?? { name: '' };
  return {
    name: (b.name ?? '').trim(),
    taxNumber: opt(b.taxNumber)?.toUpperCase(),
    naturalPerson: b.naturalPerson || undefined,
    address: opt(b.address),
    phone: opt(b.phone),
    bank: opt(b.bank),
    account: opt(b.account),
    email: opt(b.email),
  };
}

export function calcBody(h: HeaderValues, lines: LineRow[]) {
  const { email: _email, ...buyer } = buyerOf(h);
  return {
    type: h.type,
    pricingMode: (h.inclusive ? 'inclusive' : 'exclusive') as PricingMode,
    colour: 'blue' as const,
    buyer,
    lines: sentLines(lines).lines,
  };
}

export function formBody(h: HeaderValues, lines: LineRow[], calc: CalcResult | undefined): UpdateInvoiceBody {
  return {
    type: h.type,
    pricingMode: h.inclusive ? 'inclusive' : 'exclusive',
    buyer: buyerOf(h),
    remarks: opt(h.remarks) ?? null,
    specialLabel: opt(h.specialLabel ?? undefined) ?? null,
    drawer: opt(h.drawer) ?? null,
    payee: opt(h.payee) ?? null,
    reviewer: opt(h.reviewer) ?? null,
    lines: sentLines(lines).lines,
    // What the user saw: the server answers 400 with its own figures if they differ.
    ...(calc?.ok
      ? {
          totals: {
            amountFen: calc.totals.amount.fen,
            taxFen: calc.totals.tax.fen,
            totalFen: calc.totals.total.fen,
          },
        }
      : {}),
  };
}

export const createBody = (
  serial: string,
  h: HeaderValues,
  lines: LineRow[],
  calc: CalcResult | undefined,
  submit: boolean,
): CreateInvoiceBody => ({ clientSerial: serial, ...formBody(h, lines, calc), submit });

/** A saved draft back into the form (edit from 待开发票). */
export function fromDetail(inv: InvoiceDetail): { header: HeaderValues; lines: LineRow[] } {
  return {
    header: {
      type: inv.type,
      inclusive: inv.pricingMode === 'inclusive',
      specialLabel: inv.specialLabel,
      buyer: {
        name: inv.buyerName,
        taxNumber: inv.buyerTaxNumber ?? undefined,
        naturalPerson: inv.buyerNaturalPerson,
        address: inv.buyerAddress ?? undefined,
        phone: inv.buyerPhone ?? undefined,
        bank: inv.buyerBank ?? undefined,
        account: inv.buyerAccount ?? undefined,
        email: inv.buyerEmail ?? undefined,
      },
      remarks: inv.remarks ?? undefined,
      drawer: inv.drawer,
      payee: inv.payee ?? undefined,
      reviewer: inv.reviewer ?? undefined,
    },
    lines: inv.lines.map((l) => {
      const priced = !!(l.quantity && l.unitPrice);
      const inMode = inv.pricingMode === 'inclusive' ? l.amountInclusiveFen : l.amountFen;
      return {
        key: newKey(),
        kind: (l.kind as LineKind) ?? 'normal',
        name: l.name,
        taxCode: l.taxCode ?? '',
        spec: l.spec ?? '',
        unit: l.unit ?? '',
        quantity: l.quantity ?? '',
        unitPrice: l.unitPrice ?? '',
        amount: priced
          ? ''
          : formatDecimal(dec.decimalFromBigInt(BigInt(Math.abs(inMode)), 2), { minDecimals: 2 }),
        rate: l.rate,
        policy: l.policy,
      };
    }),
  };
}

/**
 * A commodity's price into the invoice's pricing mode: 含税单价 = 不含税单价 × (1 + 税率) and back, kept to 8
 * decimals (the engine keeps 13 and rounds money only at the line amount).
 */
export function priceInMode(price: string | null, from: PricingMode, to: PricingMode, rate: TaxRate): string {
  if (!price) return '';
  const p = tryParseDecimal(price);
  if (!p || from === to) return price;
  const factor = dec.add(dec.parseDecimal('1'), rateFraction(rate));
  const converted = to === 'inclusive' ? dec.mul(p, factor) : dec.divide(p, factor, 8);
  return formatDecimal(dec.normalize(dec.roundHalfUp(converted, 8)));
}
