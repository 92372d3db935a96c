import { describe, expect, it } from 'vitest';
import {
  currentSelectionPeriod,
  isDeductibleType,
  nextPeriodState,
  periodBounds,
  periodOfDate,
  type SelectableInput,
  selectionDeadline,
  selectionTotals,
  shiftPeriod,
  taxPayable,
  whyNotSelectable,
  whyPeriodClosed,
} from '../src/purchase/deduction.ts';

const inv = (over: Partial<SelectableInput> = {}): SelectableInput => ({
  type: 'digital_special',
  colour: 'blue',
  state: 'normal',
  issueDate: '2026-10-12',
  taxFen: 13000,
  selected: false,
  ...over,
});
const open = { period: '202610', state: 'open' as const, today: '2026-11-03' };

describe('tax periods', () => {
  it('reads, shifts and bounds monthly periods', () => {
    expect(periodOfDate('2026-02-28')).toBe('202602');
    expect(periodOfDate(new Date('2026-01-31T17:00:00Z'))).toBe('202602'); // 01:00 on 1 Feb in China
    expect(shiftPeriod('202612', 1)).toBe('202701');
    expect(shiftPeriod('202601', -1)).toBe('202512');
    expect(shiftPeriod('202603', -14)).toBe('202501');
    expect(periodBounds('202402')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(() => periodBounds('202613')).toThrow();
  });

  it('closes selection on the 15th of the next month', () => {
    expect(selectionDeadline('202612')).toBe('2027-01-15');
    expect(selectionDeadline('202601', 31)).toBe('2026-02-28');
    expect(currentSelectionPeriod('2026-11-15')).toBe('202610');
    expect(currentSelectionPeriod('2026-11-16')).toBe('202611');
    expect(whyPeriodClosed({ ...open, today: '2026-11-16' })).toBe('DEDUCTION_PAST_DEADLINE');
    expect(whyPeriodClosed({ ...open, today: '2026-11-16', deadline: '2026-11-20' })).toBeNull();
  });
});

describe('which invoices can be selected', () => {
  it('accepts a normal blue 专票 of the period and earlier', () => {
    expect(whyNotSelectable(inv(), open)).toBeNull();
    expect(whyNotSelectable(inv({ issueDate: '2025-03-01', type: 'special_paper' }), open)).toBeNull();
  });

  it('refuses each ineligible case with its reason', () => {
    expect(whyNotSelectable(inv({ type: 'digital_ordinary' }), open)).toBe('DEDUCTION_NOT_DEDUCTIBLE_TYPE');
    expect(whyNotSelectable(inv({ colour: 'red', taxFen: -13000 }), open)).toBe('DEDUCTION_RED_INVOICE');
    expect(whyNotSelectable(inv({ state: 'red' }), open)).toBe('DEDUCTION_STATE_NOT_NORMAL');
    expect(whyNotSelectable(inv({ state: 'voided' }), open)).toBe('DEDUCTION_STATE_NOT_NORMAL');
    expect(whyNotSelectable(inv({ state: 'abnormal' }), open)).toBe('DEDUCTION_STATE_NOT_NORMAL');
    expect(whyNotSelectable(inv({ selected: true }), open)).toBe('DEDUCTION_ALREADY_SELECTED');
    expect(whyNotSelectable(inv({ issueDate: '2026-11-01' }), open)).toBe('DEDUCTION_ISSUED_AFTER_PERIOD');
    expect(whyNotSelectable(inv({ issueDate: '2016-12-31' }), open)).toBe('DEDUCTION_ISSUED_TOO_EARLY');
    expect(whyNotSelectable(inv({ taxFen: 0 }), open)).toBe('DEDUCTION_NO_TAX');
    expect(whyNotSelectable(inv(), { ...open, state: 'stats_applied' })).toBe('DEDUCTION_PERIOD_LOCKED');
    expect(whyNotSelectable(inv(), { ...open, state: 'confirmed' })).toBe('DEDUCTION_PERIOD_LOCKED');
  });

  it('knows the deductible types', () => {
    expect(isDeductibleType('electronic_special')).toBe(true);
    expect(isDeductibleType('roll')).toBe(false);
    expect(isDeductibleType('nonsense')).toBe(false);
  });
});

describe('period state machine', () => {
  it('applies, undoes and confirms statistics; confirmed is final', () => {
    expect(nextPeriodState('open', 'applyStats')).toBe('stats_applied');
    expect(nextPeriodState('stats_applied', 'undoStats')).toBe('open');
    expect(nextPeriodState('stats_applied', 'confirm')).toBe('confirmed');
    expect(nextPeriodState('open', 'confirm')).toBeNull();
    for (const a of ['applyStats', 'undoStats', 'confirm'] as const)
      expect(nextPeriodState('confirmed', a)).toBeNull();
  });
});

describe('totals in fen', () => {
  it('sums exactly and per rate', () => {
    const t = selectionTotals([
      { amountFen: 100000, taxFen: 13000, rates: ['rate_13'] },
      { amountFen: 10, taxFen: 1, rates: ['rate_13'] },
      { amountFen: 200000, taxFen: 12000, rates: ['rate_6'] },
      { amountFen: 5, taxFen: 1, rates: ['rate_13', 'rate_6'] },
    ]);
    expect(t).toEqual({
      count: 4,
      amountFen: 300015,
      taxFen: 25002,
      taxByRate: { rate_13: 13001, rate_6: 12000, mixed: 1 },
    });
    expect(() => selectionTotals([{ amountFen: 0.5, taxFen: 0 }])).toThrow();
  });

  it('computes tax payable with carry-forward', () => {
    expect(taxPayable({ outputTaxFen: 50000, inputTaxFen: 20000 })).toEqual({
      payableFen: 30000,
      carryForwardFen: 0,
    });
    expect(taxPayable({ outputTaxFen: 10000, inputTaxFen: 20000, carriedCreditFen: 500 })).toEqual({
      payableFen: 0,
      carryForwardFen: 10500,
    });
  });
});
