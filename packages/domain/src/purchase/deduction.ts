import { INVOICE_TYPE_RULES, type InvoiceType } from '../tax/invoice-types.ts';

/**
 * 勾选 / 抵扣 / 统计 / 确认 rules of the purchase side (issue 31, lane DEDUCT; domain notes §7.2, §7.4). Pure: the
 * console and the server's verbs give the same answers.
 *
 * Choices where the notes are silent (said here so nobody reads them as sourced):
 * - The 税款所属期 is a calendar month `yyyyMM` (§7.2: "税款所属期 format yyyyMM").
 * - Selection for period P is open until the end of the 15th of the month after P (the usual monthly 申报期; a
 *   holiday extension is a per-period override the server may store as the period's deadline).
 * - An invoice may be selected for period P only if it was issued in P or earlier and on/after 2017-01-01 (专票 issued
 *   since 2017 have no 勾选 time limit; older ones are out of the product's scope).
 * - Deductible types: every 专票 (`INVOICE_TYPE_RULES[type].special`); 普票 carry no deductible input VAT here.
 */

export const PERIOD_PATTERN = /^(\d{4})(0[1-9]|1[0-2])$/;
/** Earliest issue date the product accepts for 勾选. */
export const EARLIEST_SELECTABLE_ISSUE_DATE = '2017-01-01';
/** Day of the following month on which selection for a period closes (inclusive). */
export const DEFAULT_DEADLINE_DAY = 15;

export type PeriodState = 'open' | 'stats_applied' | 'confirmed';
export type ReceivedState = 'normal' | 'red' | 'voided' | 'abnormal';

export function isPeriod(value: string): boolean {
  return PERIOD_PATTERN.test(value);
}

/** `yyyyMM` of a `yyyy-MM-dd` date (or of a Date, read in China time, UTC+8). */
export function periodOfDate(date: string | Date): string {
  if (typeof date === 'string') {
    const m = /^(\d{4})-(\d{2})-\d{2}/.exec(date);
    if (!m) throw new Error(`not a date: ${date}`);
    return `${m[1]}${m[2]}`;
  }
  const cn = new Date(date.getTime() + 8 * 3600_000);
  return `${cn.getUTCFullYear()}${String(cn.getUTCMonth() + 1).padStart(2, '0')}`;
}

function split(period: string): [number, number] {
  const m = PERIOD_PATTERN.exec(period);
  if (!m) throw new Error(`not a tax period: ${period}`);
  return [Number(m[1]), Number(m[2])];
}

/** The period `delta` months after `period` (negative: before). */
export function shiftPeriod(period: string, delta: number): string {
  const [y, mo] = split(period);
  const idx = y * 12 + (mo - 1) + delta;
  return `${Math.floor(idx / 12)}${String((idx % 12) + 1).padStart(2, '0')}`;
}

export function comparePeriods(a: string, b: string): number {
  split(a);
  split(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** First and last day (`yyyy-MM-dd`) of a period. */
export function periodBounds(period: string): { first: string; last: string } {
  const [y, mo] = split(period);
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  const mm = String(mo).padStart(2, '0');
  return { first: `${y}-${mm}-01`, last: `${y}-${mm}-${String(days).padStart(2, '0')}` };
}

/** Last day (`yyyy-MM-dd`, inclusive, China time) on which invoices can be selected for `period`. */
export function selectionDeadline(period: string, deadlineDay = DEFAULT_DEADLINE_DAY): string {
  const next = shiftPeriod(period, 1);
  const { last } = periodBounds(next);
  const day = Math.min(Math.max(1, Math.trunc(deadlineDay)), Number(last.slice(8)));
  return `${next.slice(0, 4)}-${next.slice(4)}-${String(day).padStart(2, '0')}`;
}

/** Whether `today` (`yyyy-MM-dd`, China time) is still within the selection window of `period`. */
export function isBeforeDeadline(
  period: string,
  today: string,
  deadline = selectionDeadline(period),
): boolean {
  return today <= deadline;
}

/** The period a company works on by default on `today`: last month until its deadline passes, then this month. */
export function currentSelectionPeriod(today: string): string {
  const thisMonth = periodOfDate(today);
  const previous = shiftPeriod(thisMonth, -1);
  return isBeforeDeadline(previous, today) ? previous : thisMonth;
}

export function isDeductibleType(type: InvoiceType | string): boolean {
  return (INVOICE_TYPE_RULES as Record<string, { special: boolean } | undefined>)[type]?.special === true;
}

export interface SelectableInput {
  type: InvoiceType | string;
  colour: 'blue' | 'red';
  state: ReceivedState;
  issueDate: string;
  taxFen: number;
  /** Already selected (for this or another period) and not undone. */
  selected: boolean;
}

export interface PeriodContext {
  period: string;
  state: PeriodState;
  /** Stored deadline (yyyy-MM-dd) or the default. */
  deadline?: string;
  today: string;
}

export type NotSelectableReason =
  | 'DEDUCTION_NOT_DEDUCTIBLE_TYPE'
  | 'DEDUCTION_RED_INVOICE'
  | 'DEDUCTION_STATE_NOT_NORMAL'
  | 'DEDUCTION_ALREADY_SELECTED'
  | 'DEDUCTION_ISSUED_AFTER_PERIOD'
  | 'DEDUCTION_ISSUED_TOO_EARLY'
  | 'DEDUCTION_NO_TAX'
  | 'DEDUCTION_PERIOD_LOCKED'
  | 'DEDUCTION_PAST_DEADLINE';

/** Why an invoice cannot be selected for a period now, or null when it can. Period reasons come first. */
export function whyNotSelectable(inv: SelectableInput, ctx: PeriodContext): NotSelectableReason | null {
  const periodReason = whyPeriodClosed(ctx);
  if (periodReason) return periodReason;
  if (!isDeductibleType(inv.type)) return 'DEDUCTION_NOT_DEDUCTIBLE_TYPE';
  if (inv.colour === 'red') return 'DEDUCTION_RED_INVOICE';
  if (inv.state !== 'normal') return 'DEDUCTION_STATE_NOT_NORMAL';
  if (inv.selected) return 'DEDUCTION_ALREADY_SELECTED';
  if (inv.issueDate < EARLIEST_SELECTABLE_ISSUE_DATE) return 'DEDUCTION_ISSUED_TOO_EARLY';
  if (inv.issueDate > periodBounds(ctx.period).last) return 'DEDUCTION_ISSUED_AFTER_PERIOD';
  if (!Number.isSafeInteger(inv.taxFen) || inv.taxFen <= 0) return 'DEDUCTION_NO_TAX';
  return null;
}

/** Why selections of a period cannot change now (勾选 and 撤销勾选 alike), or null. */
export function whyPeriodClosed(
  ctx: PeriodContext,
): 'DEDUCTION_PERIOD_LOCKED' | 'DEDUCTION_PAST_DEADLINE' | null {
  if (ctx.state !== 'open') return 'DEDUCTION_PERIOD_LOCKED';
  if (!isBeforeDeadline(ctx.period, ctx.today, ctx.deadline ?? selectionDeadline(ctx.period))) {
    return 'DEDUCTION_PAST_DEADLINE';
  }
  return null;
}

/** The period state machine: 申请统计 from open, 撤销统计 back to open, 确认 only after statistics. Confirmed is final. */
export type PeriodAction = 'applyStats' | 'undoStats' | 'confirm';
const TRANSITIONS: Record<PeriodAction, { from: PeriodState; to: PeriodState }> = {
  applyStats: { from: 'open', to: 'stats_applied' },
  undoStats: { from: 'stats_applied', to: 'open' },
  confirm: { from: 'stats_applied', to: 'confirmed' },
};

export function periodTransition(action: PeriodAction): { from: PeriodState; to: PeriodState } {
  return TRANSITIONS[action];
}

export function nextPeriodState(state: PeriodState, action: PeriodAction): PeriodState | null {
  const t = TRANSITIONS[action];
  return t.from === state ? t.to : null;
}

export interface SelectionTotals {
  count: number;
  amountFen: number;
  taxFen: number;
  /** Per rate (`rate_13` …) tax selected, fen. */
  taxByRate: Record<string, number>;
}

/** Running totals in integer fen; throws when a sum leaves the safe-integer range. */
export function selectionTotals(
  rows: readonly { amountFen: number; taxFen: number; rates?: readonly string[] | null }[],
): SelectionTotals {
  const totals: SelectionTotals = { count: 0, amountFen: 0, taxFen: 0, taxByRate: {} };
  for (const r of rows) {
    if (!Number.isSafeInteger(r.amountFen) || !Number.isSafeInteger(r.taxFen))
      throw new Error('amounts must be fen');
    totals.count += 1;
    totals.amountFen += r.amountFen;
    totals.taxFen += r.taxFen;
    const rate = r.rates && r.rates.length === 1 ? r.rates[0] : 'mixed';
    totals.taxByRate[rate] = (totals.taxByRate[rate] ?? 0) + r.taxFen;
  }
  if (!Number.isSafeInteger(totals.amountFen) || !Number.isSafeInteger(totals.taxFen))
    throw new Error('sum overflow');
  return totals;
}

/** 应纳税额 of a period: output tax − input tax selected − credit carried over; a negative result is carried on. */
export function taxPayable(input: { outputTaxFen: number; inputTaxFen: number; carriedCreditFen?: number }): {
  payableFen: number;
  carryForwardFen: number;
} {
  const net = input.outputTaxFen - input.inputTaxFen - (input.carriedCreditFen ?? 0);
  return net >= 0 ? { payableFen: net, carryForwardFen: 0 } : { payableFen: 0, carryForwardFen: -net };
}
