import { describe, expect, it } from 'vitest';
import {
  buildRedLines,
  previewRedLine,
  type RedBlueLine,
  redReasonProblem,
} from '../src/red-letter/red-lines.ts';

const line = (over: Partial<RedBlueLine> = {}): RedBlueLine => ({
  lineNo: 1,
  name: '*计算机*笔记本电脑',
  unitPrice: '33.33',
  rate: 'rate_13',
  amountFen: 9_999,
  taxFen: 1_300,
  remainingAmountFen: 9_999,
  remainingTaxFen: 1_300,
  remainingQuantity: '3',
  nature: 'goods',
  ...over,
});
const service = line({
  lineNo: 2,
  name: '*信息技术服务*运维',
  unitPrice: null,
  remainingQuantity: null,
  nature: 'services',
});

describe('red-letter line rule (packages/domain, shared by server and fill page)', () => {
  it('takes everything that remains when no lines are given, with the whole-line quantity', () => {
    expect(buildRedLines([line()], { reason: 'sales_return' })).toEqual({
      ok: true,
      partial: false,
      lines: [{ blueLineNo: 1, name: '*计算机*笔记本电脑', quantity: '3', amountFen: 9_999, taxFen: 1_300 }],
    });
  });

  it('prices a quantity at the net unit price and rounds the tax HALF_UP, capped at what remains', () => {
    const built = buildRedLines([line()], {
      reason: 'sales_return',
      lines: [{ blueLineNo: 1, quantity: '1' }],
    });
    expect(built).toEqual({
      ok: true,
      partial: true,
      lines: [{ blueLineNo: 1, name: '*计算机*笔记本电脑', quantity: '1', amountFen: 3_333, taxFen: 433 }],
    });
    const capped = buildRedLines([line({ remainingTaxFen: 400 })], {
      reason: 'sales_return',
      lines: [{ blueLineNo: 1, amountFen: 3_333 }],
    });
    expect(capped.ok && capped.lines[0].taxFen).toBe(400);
  });

  it('refuses with a catalogue sub-key naming the line', () => {
    const at = (
      lines: { blueLineNo: number; quantity?: string; amountFen?: number }[],
      reason = 'sales_return' as const,
    ) => buildRedLines([line()], { reason, lines });
    expect(at([{ blueLineNo: 9, amountFen: 1 }])).toMatchObject({
      ok: false,
      problem: 'line_missing',
      params: { line: 9 },
    });
    expect(at([{ blueLineNo: 1, quantity: '4' }])).toMatchObject({
      problem: 'quantity_over',
      params: { line: 1, quantity: '4', remaining: '3' },
    });
    expect(at([{ blueLineNo: 1, amountFen: 10_000 }])).toMatchObject({
      problem: 'amount_over',
      params: { amount: '100.00', remaining: '99.99' },
    });
    expect(at([{ blueLineNo: 1, quantity: '1', amountFen: 3_000 }])).toMatchObject({
      problem: 'quantity_amount',
    });
    expect(at([{ blueLineNo: 1, amountFen: 1 }], 'issue_error' as never)).toMatchObject({
      problem: 'partial_issue_error',
    });
  });

  it('allows 销货退回 on goods and 服务中止 on services only; 开票有误 only while nothing is reversed', () => {
    expect(redReasonProblem('sales_return', [service])).toEqual({
      problem: 'reason_sales_return',
      params: {},
    });
    expect(redReasonProblem('service_suspension', [line()])).toEqual({
      problem: 'reason_service_suspension',
      params: {},
    });
    expect(redReasonProblem('sales_return', [line(), service])).toBeNull();
    expect(redReasonProblem('issue_error', [line({ remainingAmountFen: 5_000 })])).toEqual({
      problem: 'reason_issue_error',
      params: {},
    });
  });

  it('previews exactly what the server builds', () => {
    for (const input of [{ quantity: '1' }, { amountFen: 4_000 }, { amountFen: 9_999 }]) {
      const built = buildRedLines([line()], { reason: 'sales_return', lines: [{ blueLineNo: 1, ...input }] });
      const preview = previewRedLine(line(), input, 'sales_return');
      expect(built.ok && { amountFen: built.lines[0].amountFen, taxFen: built.lines[0].taxFen }).toEqual(
        preview,
      );
    }
    expect(previewRedLine(line(), { quantity: '1' }, 'sales_discount')).toBeNull();
  });
});
