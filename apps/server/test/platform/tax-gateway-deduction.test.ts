import { describe, expect, it } from 'vitest';
import { useTestApp } from '../harness.ts';
import { newCreditCode } from './base-helpers.ts';
import { blueRequest, freshSeller, issueOk, sandbox } from './tax-gateway-helpers.ts';

/** The sandbox bureau's 勾选 / 统计 / 确认 (issue 31, lane DEDUCT; domain notes §7.2). */
const app = useTestApp();
const db = () => app().services.db;

async function setup(start = '2026-10-20T02:00:00Z') {
  const s = sandbox(db(), start);
  const seller = freshSeller();
  const buyerTax = newCreditCode();
  const buyer = { name: '沙箱购买方有限公司', taxNumber: buyerTax };
  const special = (totalFen = 11_300) =>
    issueOk(s.gw, blueRequest(seller, totalFen, { type: 'digital_special', buyer }));
  return { ...s, seller, buyerTax, special };
}

describe('sandbox deduction (勾选 / 统计 / 确认)', () => {
  it('selects asynchronously, once per invoice, and refuses ordinary, voided and unknown invoices', async () => {
    const { gw, advance, seller, buyerTax, special } = await setup();
    const a = await special(11_300);
    const b = await special(22_600);
    const ordinary = await issueOk(
      gw,
      blueRequest(seller, 11_300, { buyer: { name: '沙箱购买方有限公司', taxNumber: buyerTax } }),
    );
    await gw.markInvoice(seller.creditCode, b.number, 'voided');
    gw.options.latencyMs = 1_000; // the bureau answers 勾选 a second later
    const item = (number: string) => ({ sellerCreditCode: seller.creditCode, number });
    const req = {
      tenantId: seller.tenantId,
      buyerTaxNumber: buyerTax,
      period: '202610',
      items: [item(a.number), item(b.number), item(ordinary.number), item('26310000000000000000')],
    };
    const { requestId } = await gw.selectForDeduction(req);
    expect(await gw.queryDeductionResult(buyerTax, requestId)).toEqual({ state: 'pending' });
    // Another buyer cannot read the request.
    expect(await gw.queryDeductionResult(newCreditCode(), requestId)).toEqual({ state: 'unknown' });
    advance(1_000);
    const done = await gw.queryDeductionResult(buyerTax, requestId);
    expect(done).toMatchObject({ state: 'done', action: 'select', period: '202610' });
    if (done.state !== 'done') throw new Error('not done');
    expect(done.items.map((i) => i.reason ?? i.outcome)).toEqual([
      'ok',
      'DEDUCTION_STATE_NOT_NORMAL',
      'DEDUCTION_NOT_DEDUCTIBLE_TYPE',
      'DEDUCTION_UNKNOWN_INVOICE',
    ]);
    // Polling again answers the same result; selecting again is refused.
    expect(await gw.queryDeductionResult(buyerTax, requestId)).toEqual(done);
    const again = await gw.selectForDeduction({ ...req, period: '202611', items: [item(a.number)] });
    advance(1_000);
    expect(await gw.queryDeductionResult(buyerTax, again.requestId)).toMatchObject({
      items: [{ outcome: 'refused', reason: 'DEDUCTION_ALREADY_SELECTED' }],
    });
    expect((await gw.bureauPeriod(buyerTax, '202610')).selected.map((r) => r.number)).toEqual([a.number]);
  });

  it('two requests racing for one invoice: one wins', async () => {
    const { gw, seller, buyerTax, special } = await setup();
    const a = await special();
    const req = {
      tenantId: seller.tenantId,
      buyerTaxNumber: buyerTax,
      period: '202610',
      items: [{ sellerCreditCode: seller.creditCode, number: a.number }],
    };
    const [r1, r2] = await Promise.all([gw.selectForDeduction(req), gw.selectForDeduction(req)]);
    const [x, y] = await Promise.all([
      gw.queryDeductionResult(buyerTax, r1.requestId),
      gw.queryDeductionResult(buyerTax, r2.requestId),
    ]);
    const outcomes = [x, y].map((r) => (r.state === 'done' ? r.items[0].outcome : r.state)).sort();
    expect(outcomes).toEqual(['ok', 'refused']);
  });

  it('statistics lock the period; undo reopens it; confirm is final', async () => {
    const { gw, seller, buyerTax, special } = await setup();
    const a = await special(11_300);
    const p = { tenantId: seller.tenantId, buyerTaxNumber: buyerTax, period: '202610' };
    const item = { sellerCreditCode: seller.creditCode, number: a.number };
    await gw.queryDeductionResult(buyerTax, (await gw.selectForDeduction({ ...p, items: [item] })).requestId);

    expect(await gw.confirmPeriod({ ...p, password: 'x' })).toMatchObject({
      ok: false,
      reason: 'wrong_state',
    });
    const applied = await gw.applyPeriodStats(p);
    expect(applied).toMatchObject({
      ok: true,
      stats: { state: 'stats_applied', count: 1, amountFen: 10_000, taxFen: 1_300 },
    });
    // Undoing a selection is refused while statistics stand.
    const undo = await gw.undoSelection({ ...p, items: [item] });
    expect(await gw.queryDeductionResult(buyerTax, undo.requestId)).toMatchObject({
      items: [{ outcome: 'refused', reason: 'DEDUCTION_PERIOD_LOCKED' }],
    });
    expect(await gw.undoPeriodStats(p)).toMatchObject({ ok: true, stats: { state: 'open' } });
    expect(await gw.applyPeriodStats(p)).toMatchObject({ ok: true });
    expect(await gw.confirmPeriod({ ...p, password: ' ' })).toMatchObject({
      ok: false,
      reason: 'wrong_password',
    });
    const confirmed = await gw.confirmPeriod({ ...p, password: '签名口令' });
    expect(confirmed).toMatchObject({ ok: true, stats: { state: 'confirmed', taxFen: 1_300 } });
    for (const r of [await gw.undoPeriodStats(p), await gw.applyPeriodStats(p)]) {
      expect(r).toMatchObject({ ok: false, reason: 'wrong_state', stats: { state: 'confirmed' } });
    }
    // A period is the buyer's own: another buyer's same period is untouched.
    expect((await gw.bureauPeriod(newCreditCode(), '202610')).state).toBe('open');
  });

  it('undo before statistics gives the invoice back; past the deadline nothing changes', async () => {
    const { gw, clock, seller, buyerTax, special } = await setup();
    const a = await special();
    const p = { tenantId: seller.tenantId, buyerTaxNumber: buyerTax, period: '202610' };
    const item = { sellerCreditCode: seller.creditCode, number: a.number };
    await gw.queryDeductionResult(buyerTax, (await gw.selectForDeduction({ ...p, items: [item] })).requestId);
    const undo = await gw.undoSelection({ ...p, items: [item] });
    expect(await gw.queryDeductionResult(buyerTax, undo.requestId)).toMatchObject({
      items: [{ outcome: 'ok' }],
    });
    clock.t = new Date('2026-11-16T02:00:00Z').getTime();
    const late = await gw.selectForDeduction({ ...p, items: [item] });
    expect(await gw.queryDeductionResult(buyerTax, late.requestId)).toMatchObject({
      items: [{ outcome: 'refused', reason: 'DEDUCTION_PAST_DEADLINE' }],
    });
  });
});
