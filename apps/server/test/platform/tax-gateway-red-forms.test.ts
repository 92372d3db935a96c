import { describe, expect, it } from 'vitest';
import { RED_FORM_STATE_BUREAU_CODE, type RedForm } from '../../src/gateways/tax-bureau/gateway.ts';
import { useTestApp } from '../harness.ts';
import { blueRequest, freshSeller, issue, issueOk, sandbox } from './tax-gateway-helpers.ts';

const app = useTestApp();
const db = () => app().services.db;
const HOUR = 3600_000;

/** A blue invoice of 113.00 (100.00 + 13.00), optionally booked by the buyer. */
async function blue(booked: boolean, opts = {}) {
  const seller = freshSeller();
  const s = sandbox(db(), undefined, opts);
  const inv = await issueOk(s.gw, blueRequest(seller, 11_300));
  if (booked) await s.gw.simulateBuyerBooking(seller.creditCode, inv.number);
  return { ...s, seller, inv };
}

const redFor = (seller: ReturnType<typeof freshSeller>, form: RedForm) =>
  blueRequest(seller, -(form.amountFen + form.taxFen), {
    colour: 'red',
    amountFen: -form.amountFen,
    taxFen: -form.taxFen,
    redFormNo: form.formNo,
  });

describe('确认单 lifecycle (notes §6.1)', () => {
  it('needs no confirmation while the buyer has not booked the blue invoice; a form serves one red invoice', async () => {
    const { gw, seller, inv } = await blue(false);
    const apply = {
      tenantId: seller.tenantId,
      blueNumber: inv.number,
      sellerCreditCode: seller.creditCode,
      reason: 'issue_error' as const,
    };
    await expect(
      gw.applyRedForm({ ...apply, initiator: 'buyer', amountFen: 10_000, taxFen: 1_300 }),
    ).rejects.toThrow('应由销售方直接发起红冲');
    await expect(
      gw.applyRedForm({ ...apply, initiator: 'seller', amountFen: 5_000, taxFen: 650 }),
    ).rejects.toThrow('开票有误须全额红冲');
    const form = await gw.applyRedForm({ ...apply, initiator: 'seller', amountFen: 10_000, taxFen: 1_300 });
    expect(form).toMatchObject({ state: 'no_confirmation_needed', deadline: null, redNumber: null });
    expect(RED_FORM_STATE_BUREAU_CODE[form.state]).toBe('01');
    const red = await issueOk(gw, redFor(seller, form));
    expect(red.number).toMatch(/^26312000000000000002$/);
    expect(await gw.queryRedForm(seller.tenantId, form.formNo)).toMatchObject({ redNumber: red.number });
    expect(await issue(gw, redFor(seller, form))).toMatchObject({
      status: 'failed',
      code: 'red_form_unusable',
    });
    await expect(
      gw.revokeRedForm({ tenantId: seller.tenantId, formNo: form.formNo, by: 'seller' }),
    ).rejects.toThrow('不可撤销');
    // Nothing left to reverse.
    await expect(
      gw.applyRedForm({ ...apply, reason: 'sales_return', initiator: 'seller', amountFen: 1, taxFen: 0 }),
    ).rejects.toThrow('可冲红余额');
  });

  it('waits for the other party once the buyer has booked it: confirm (04), then issue', async () => {
    const { gw, seller, inv, clock } = await blue(true);
    const form = await gw.applyRedForm({
      tenantId: seller.tenantId,
      initiator: 'seller',
      blueNumber: inv.number,
      sellerCreditCode: seller.creditCode,
      reason: 'sales_return',
      amountFen: 4_000,
      taxFen: 520,
    });
    expect(form.state).toBe('pending_buyer');
    expect(form.deadline?.getTime()).toBe(clock.t + 72 * HOUR);
    expect(await issue(gw, redFor(seller, form))).toMatchObject({ code: 'red_form_unusable' });
    const act = { tenantId: seller.tenantId, formNo: form.formNo };
    await expect(gw.confirmRedForm({ ...act, by: 'seller' })).rejects.toThrow('应由购买方确认');
    const ok = await gw.confirmRedForm({ ...act, by: 'buyer' });
    expect(RED_FORM_STATE_BUREAU_CODE[ok.state]).toBe('04');
    await issueOk(gw, redFor(seller, ok));
  });

  it('moves to the void states 05, 06, 08 and 09', async () => {
    const { gw, seller, inv } = await blue(true);
    const open = (initiator: 'seller' | 'buyer') =>
      gw.applyRedForm({
        tenantId: seller.tenantId,
        initiator,
        blueNumber: inv.number,
        sellerCreditCode: seller.creditCode,
        reason: 'sales_discount',
        amountFen: 1_000,
        taxFen: 130,
      });
    const act = (f: RedForm, by: 'seller' | 'buyer') => ({ tenantId: seller.tenantId, formNo: f.formNo, by });
    const codeOf = (f: RedForm) => RED_FORM_STATE_BUREAU_CODE[f.state];
    expect(codeOf(await gw.refuseRedForm(act(await open('seller'), 'buyer')))).toBe('05');
    const byBuyer = await open('buyer');
    expect(codeOf(byBuyer)).toBe('03');
    expect(codeOf(await gw.refuseRedForm(act(byBuyer, 'seller')))).toBe('06');
    const revoked = await open('seller');
    await expect(gw.revokeRedForm(act(revoked, 'buyer'))).rejects.toThrow('只有发起方');
    expect(codeOf(await gw.revokeRedForm(act(revoked, 'seller')))).toBe('08');
    const confirmed = await gw.confirmRedForm(act(await open('seller'), 'buyer'));
    expect(codeOf(await gw.revokeRedForm(act(confirmed, 'seller')))).toBe('09');
    await expect(gw.confirmRedForm(act(confirmed, 'buyer'))).rejects.toThrow('不可确认');
  });

  it('voids a form left unconfirmed for 72 hours (07) through sweepExpired(now)', async () => {
    const { gw, seller, inv, clock, advance } = await blue(true);
    const form = await gw.applyRedForm({
      tenantId: seller.tenantId,
      initiator: 'seller',
      blueNumber: inv.number,
      sellerCreditCode: seller.creditCode,
      reason: 'service_suspension',
      amountFen: 2_000,
      taxFen: 260,
    });
    const t0 = clock.t;
    expect((await gw.sweepExpired(new Date(t0 + 72 * HOUR - 1))).map((f) => f.formNo)).not.toContain(
      form.formNo,
    );
    const swept = await gw.sweepExpired(new Date(t0 + 72 * HOUR));
    expect(swept.find((f) => f.formNo === form.formNo)).toMatchObject({ state: 'void_expired' });
    expect(RED_FORM_STATE_BUREAU_CODE.void_expired).toBe('07');
    // A form whose window passed before any sweep is void on its next touch.
    const late = await gw.applyRedForm({
      ...form,
      tenantId: seller.tenantId,
      sellerCreditCode: seller.creditCode,
      reason: 'service_suspension',
    });
    advance(73 * HOUR);
    await expect(
      gw.confirmRedForm({ tenantId: seller.tenantId, formNo: late.formNo, by: 'buyer' }),
    ).rejects.toThrow('72小时');
    expect(await gw.queryRedForm(seller.tenantId, late.formNo)).toMatchObject({ state: 'void_expired' });
  });

  it('gives red credit back only when configured to (§11.1 leaves it unconfirmed)', async () => {
    for (const redRestoresCredit of [false, true]) {
      const { gw, seller, inv } = await blue(false, { redRestoresCredit });
      const form = await gw.applyRedForm({
        tenantId: seller.tenantId,
        initiator: 'seller',
        blueNumber: inv.number,
        sellerCreditCode: seller.creditCode,
        reason: 'issue_error',
        amountFen: 10_000,
        taxFen: 1_300,
      });
      await issueOk(gw, redFor(seller, form));
      expect((await gw.creditLine(seller.tenantId)).usedFen).toBe(redRestoresCredit ? 0 : 11_300);
    }
  });
});

describe('查验 (notes §7.1) and layout files', () => {
  it('matches number + date + 价税合计 and names the mismatching fields', async () => {
    const { gw, inv } = await blue(false);
    const ok = await gw.verify({ number: inv.number, issueDate: inv.issueDate, totalFen: 11_300 });
    expect(ok).toMatchObject({
      result: 'match',
      invoice: { number: inv.number, totalFen: 11_300, colour: 'blue' },
    });
    expect(await gw.verify({ number: inv.number, issueDate: inv.issueDate, totalFen: 11_301 })).toEqual({
      result: 'mismatch',
      fields: ['totalFen'],
    });
    expect(await gw.verify({ number: inv.number, issueDate: '2020-01-01', totalFen: 11_300 })).toEqual({
      result: 'mismatch',
      fields: ['issueDate'],
    });
    expect(
      await gw.verify({ number: '26319999999999999999', issueDate: inv.issueDate, totalFen: 1 }),
    ).toEqual({
      result: 'not_found',
    });
    expect(await gw.verify({ code: '011001605111', number: '80100798', issueDate: '2016-10-18' })).toEqual({
      result: 'not_found',
    });
  });

  it('serves XML and PDF layouts; OFD is not available', async () => {
    const { gw, seller, inv } = await blue(false);
    const xml = await gw.downloadLayout(seller.tenantId, inv.number, 'xml');
    expect(xml.available && new TextDecoder().decode(xml.bytes)).toContain(`<EIid>${inv.number}</EIid>`);
    const pdf = await gw.downloadLayout(seller.tenantId, inv.number, 'pdf');
    expect(pdf.available && new TextDecoder().decode(pdf.bytes.slice(0, 8))).toBe('%PDF-1.4');
    expect(await gw.downloadLayout(seller.tenantId, inv.number, 'ofd')).toMatchObject({ available: false });
    expect(await gw.downloadLayout(seller.tenantId + 1, inv.number, 'xml')).toMatchObject({
      available: false,
    });
  });
});
