import { invoices } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../harness.ts';
import { formsOf, GOODS, invoiceRow, issueBlue, redApi, SERVICE } from './red-letter-helpers.ts';

const app = useTestApp();
const tokens = new Map<string, Promise<string>>();
/** One login per user for the whole file: logins are slow (password hashing) and not under test here. */
const tokenOf = (user: string, pw: string) => {
  if (!tokens.has(user)) tokens.set(user, app().login(user, pw));
  return tokens.get(user)!;
};
const as = async (user: string, pw: string) => redApi(app(), await tokenOf(user, pw));
const demo = () => as('demo', 'Demo@123');
const admin = () => as('admin', 'Admin@123');

describe('red-letter: full and partial red (§6.1)', () => {
  it('full red: form 01, red invoice negative and linked, blue 已红冲; a form is used once', async () => {
    const r = await demo();
    const blue = await issueBlue(app(), await tokenOf('demo', 'Demo@123'), [GOODS, SERVICE]);
    const look = (await r.lookup(`number=${blue.number}`)).json();
    expect(look).toMatchObject({
      id: blue.id,
      nature: 'mixed',
      redable: true,
      remainingAmountFen: 1_020_000,
    });
    expect(look.lines.map((l: { nature: string }) => l.nature)).toEqual(['goods', 'services']);

    const applied = await r.apply({ blueInvoiceId: blue.id, reason: 'issue_error' });
    expect(applied.statusCode, applied.body).toBe(201);
    const form = applied.json();
    expect(form).toMatchObject({
      state: 'no_confirmation_needed',
      stateCode: '01',
      partial: false,
      amountFen: 1_020_000,
      taxFen: 132_600,
      deadline: null,
      blue: { id: blue.id, number: blue.number },
    });
    expect(form.formNo).toMatch(/^\d{20}$/);
    expect(form.lines).toEqual([
      { blueLineNo: 1, name: GOODS.name, quantity: '4', amountFen: 1_000_000, taxFen: 130_000 },
      { blueLineNo: 2, name: SERVICE.name, quantity: '2', amountFen: 20_000, taxFen: 2_600 },
    ]);

    const issued = await r.issueRed(form.id);
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json()).toMatchObject({ totalFen: -1_152_600, amountFen: -1_020_000, taxFen: -132_600 });
    // A form is used once: asking again (even racing) answers the same red invoice.
    const replays = await Promise.all([r.issueRed(form.id), r.issueRed(form.id)]);
    expect(replays.map((x) => [x.statusCode, x.json().id])).toEqual([
      [200, issued.json().id],
      [200, issued.json().id],
    ]);
    await r.settled();

    const red = await invoiceRow(app(), issued.json().id);
    expect(red).toMatchObject({
      status: 'issued',
      colour: 'red',
      blueInvoiceId: blue.id,
      blueNumber: blue.number,
      redFormId: form.id,
      redReason: 'issue_error',
      remarks: `对应正数发票号码:${blue.number}`,
    });
    expect(red.number).toMatch(/^\d{20}$/);
    expect(red.lines.map((l) => [l.blueLineNo, l.quantity, l.amountFen, l.taxFen])).toEqual([
      [1, '-4', -1_000_000, -130_000],
      [2, '-2', -20_000, -2_600],
    ]);
    expect((await invoiceRow(app(), blue.id)).status).toBe('red');
    const after = (await r.get(form.id)).json();
    expect(after.redInvoice).toMatchObject({ id: red.id, number: red.number, status: 'issued' });
    expect(after.blue.status).toBe('red');
    const late = await r.issueRed(form.id);
    expect([late.statusCode, late.json().id]).toEqual([200, red.id]);
    const reds = await app().services.db.select().from(invoices).where(eq(invoices.blueInvoiceId, blue.id));
    expect(reds.length).toBe(1);
    expect((await r.lookup(`id=${blue.id}`)).json()).toMatchObject({ redable: false, remainingAmountFen: 0 });
    const again = await r.apply({ blueInvoiceId: blue.id, reason: 'sales_return' });
    expect(again.statusCode).toBe(409);
  });

  it('partial red twice, then the remainder: 部分红冲 → 已红冲', async () => {
    const r = await demo();
    const blue = await issueBlue(app(), await tokenOf('demo', 'Demo@123'));
    const byQty = await r.apply({
      blueInvoiceId: blue.id,
      reason: 'sales_return',
      lines: [{ blueLineNo: 1, quantity: '1' }],
    });
    expect(byQty.statusCode, byQty.body).toBe(201);
    expect(byQty.json()).toMatchObject({ partial: true, amountFen: 250_000, taxFen: 32_500 });
    // The open form already holds its part.
    expect((await r.lookup(`id=${blue.id}`)).json().lines[0]).toMatchObject({
      remainingAmountFen: 750_000,
      remainingTaxFen: 97_500,
      remainingQuantity: '3',
    });
    await r.issueRed(byQty.json().id);
    await r.settled();
    expect((await invoiceRow(app(), blue.id)).status).toBe('partly_red');

    const discount = await r.apply({
      blueInvoiceId: blue.id,
      reason: 'sales_discount',
      lines: [{ blueLineNo: 1, amountFen: 100_000 }],
    });
    expect(discount.json()).toMatchObject({ amountFen: 100_000, taxFen: 13_000 });
    expect(discount.json().lines[0].quantity).toBeNull();
    await r.issueRed(discount.json().id);
    await r.settled();
    expect((await invoiceRow(app(), blue.id)).status).toBe('partly_red');

    const rest = await r.apply({ blueInvoiceId: blue.id, reason: 'sales_return' });
    expect(rest.json()).toMatchObject({ partial: false, amountFen: 650_000, taxFen: 84_500 });
    const red = (await r.issueRed(rest.json().id)).json();
    await r.settled();
    expect((await invoiceRow(app(), red.id)).status).toBe('issued');
    const done = await invoiceRow(app(), blue.id);
    expect(done.status).toBe('red');
    expect((await formsOf(app(), blue.id)).every((f) => f.redInvoiceId !== null)).toBe(true);
  });

  it('refuses amounts above what remains, naming the blue line; nothing is written', async () => {
    const r = await demo();
    const blue = await issueBlue(app(), await tokenOf('demo', 'Demo@123'));
    const cases: [object[], string][] = [
      [[{ blueLineNo: 1, amountFen: 1_000_001 }], '蓝字发票第1行红冲金额10000.01元超过可红冲金额10000.00元'],
      [[{ blueLineNo: 1, quantity: '5' }], '蓝字发票第1行红冲数量5超过可红冲数量4'],
      [[{ blueLineNo: 2, amountFen: 1 }], '蓝字发票第2行不存在'],
      [[{ blueLineNo: 1 }], '请填写蓝字发票第1行的红冲金额或数量'],
      [[{ blueLineNo: 1, quantity: '1', amountFen: 200_000 }], '与红冲金额2000.00元不符'],
    ];
    for (const [lines, message] of cases) {
      const res = await r.apply({ blueInvoiceId: blue.id, reason: 'sales_return', lines });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await formsOf(app(), blue.id)).toEqual([]);
  });

  it('applies the reason rules: 01 full only, 02 not on services only, 03 not on goods only, 04 no quantity', async () => {
    const r = await demo();
    const token = await tokenOf('demo', 'Demo@123');
    const goods = await issueBlue(app(), token, [GOODS]);
    const services = await issueBlue(app(), token, [SERVICE]);
    const refused = async (body: object, message: string) => {
      const res = await r.apply(body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    };
    await refused({ blueInvoiceId: services.id, reason: 'sales_return' }, '均为服务，不能以销货退回红冲');
    await refused({ blueInvoiceId: goods.id, reason: 'service_suspension' }, '均为货物，不能以服务中止红冲');
    await refused(
      { blueInvoiceId: goods.id, reason: 'issue_error', lines: [{ blueLineNo: 1, quantity: '1' }] },
      '开票有误须全额红冲',
    );
    await refused(
      { blueInvoiceId: goods.id, reason: 'sales_discount', lines: [{ blueLineNo: 1, quantity: '1' }] },
      '销售折让不填写数量',
    );
    const look = (await r.lookup(`id=${services.id}`)).json();
    expect(look.reasons.find((x: { reason: string }) => x.reason === 'sales_return')).toMatchObject({
      allowed: false,
    });
    // Once partly reversed, 开票有误 is no longer possible.
    const part = await r.apply({
      blueInvoiceId: goods.id,
      reason: 'sales_discount',
      lines: [{ blueLineNo: 1, amountFen: 1_000 }],
    });
    expect(part.statusCode).toBe(201);
    await refused({ blueInvoiceId: goods.id, reason: 'issue_error' }, '开票有误须全额红冲');
    expect((await formsOf(app(), services.id)).length).toBe(0);
  });

  it('concurrent partial reds never exceed the blue line', async () => {
    const r = await demo();
    const blue = await issueBlue(app(), await tokenOf('demo', 'Demo@123'));
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        r.apply({
          blueInvoiceId: blue.id,
          reason: 'sales_discount',
          lines: [{ blueLineNo: 1, amountFen: 300_000 }],
        }),
      ),
    );
    expect(replies.filter((x) => x.statusCode === 201).length).toBe(3);
    expect(replies.filter((x) => x.statusCode === 400).length).toBe(2);
    const forms = await formsOf(app(), blue.id);
    expect(forms.reduce((a, f) => a + f.amountFen, 0)).toBe(900_000);
  });
});

describe('red-letter: confirmation path, refuse, revoke, quick red', () => {
  it('a booked blue invoice needs the buyer: 02 → buyer confirms (04) → issue red', async () => {
    const r = await demo();
    const sandbox = await admin();
    const blue = await issueBlue(app(), await tokenOf('demo', 'Demo@123'));
    expect((await r.book(blue.id)).statusCode).toBe(403);
    expect((await sandbox.book(blue.id)).statusCode).toBe(200);
    const form = (
      await r.apply({
        blueInvoiceId: blue.id,
        reason: 'sales_return',
        lines: [{ blueLineNo: 1, quantity: '2' }],
      })
    ).json();
    expect(form).toMatchObject({ state: 'pending_buyer', stateCode: '02', initiator: 'seller' });
    const left = new Date(form.deadline).getTime() - Date.now();
    expect(left).toBeGreaterThan(71.9 * 3600_000);
    expect(left).toBeLessThanOrEqual(72 * 3600_000);
    expect((await r.issueRed(form.id)).json().code).toBe('RED_FORM_UNUSABLE');
    const selfConfirm = await r.act(form.id, 'confirm');
    expect(selfConfirm.statusCode).toBe(409);
    expect(selfConfirm.json().message).toContain('应由购买方确认');
    const confirmed = await sandbox.buyerAct(form.id, 'confirm');
    expect(confirmed.json()).toMatchObject({ state: 'confirmed', stateCode: '04', deadline: null });
    const red = await r.issueRed(form.id);
    expect(red.statusCode, red.body).toBe(201);
    await r.settled();
    expect((await invoiceRow(app(), blue.id)).status).toBe('partly_red');
    expect((await r.list(`?blueNumber=${blue.number}`)).json().rows[0].redInvoice.status).toBe('issued');
  });

  it('the scheduled job shows a confirmation made at the bureau', async () => {
    const r = await demo();
    const blue = await issueBlue(app(), await tokenOf('demo', 'Demo@123'));
    await (await admin()).book(blue.id);
    const form = (await r.apply({ blueInvoiceId: blue.id, reason: 'sales_return' })).json();
    const { taxGatewayFor } = await import('../../src/modules/platform/tax-gateway/index.ts');
    await taxGatewayFor(app().services.db).confirmRedForm({
      tenantId: form.tenantId,
      formNo: form.formNo,
      by: 'buyer',
    });
    expect((await r.get(form.id)).json().state).toBe('pending_buyer');
    await app().services.scheduler.runNow('red-letter.expire');
    expect((await r.get(form.id)).json().state).toBe('confirmed');
  });

  it('revoke (08) and refuse (06) void forms and free their amount', async () => {
    const r = await demo();
    const sandbox = await admin();
    const blue = await issueBlue(app(), await tokenOf('demo', 'Demo@123'));
    await sandbox.book(blue.id);
    const mine = (await r.apply({ blueInvoiceId: blue.id, reason: 'sales_return' })).json();
    expect((await r.lookup(`id=${blue.id}`)).json().remainingAmountFen).toBe(0);
    const revoked = await r.act(mine.id, 'revoke');
    expect(revoked.json()).toMatchObject({ state: 'void_revoked', stateCode: '08' });
    expect((await r.act(mine.id, 'revoke')).json().code).toBe('RED_FORM_CLOSED');
    expect((await r.issueRed(mine.id)).json().code).toBe('RED_FORM_UNUSABLE');
    expect((await r.lookup(`id=${blue.id}`)).json().remainingAmountFen).toBe(1_000_000);

    const theirs = await sandbox.buyerApply({
      blueInvoiceId: blue.id,
      reason: 'sales_return',
      lines: [{ blueLineNo: 1, quantity: '1' }],
    });
    expect(theirs.json()).toMatchObject({ state: 'pending_seller', stateCode: '03', initiator: 'buyer' });
    expect((await r.act(theirs.json().id, 'revoke')).json().message).toContain('只有发起方');
    const refused = await r.act(theirs.json().id, 'refuse');
    expect(refused.json()).toMatchObject({ state: 'void_seller_refused', stateCode: '06' });

    const buyerAgain = (await sandbox.buyerApply({ blueInvoiceId: blue.id, reason: 'sales_return' })).json();
    const ok = await r.act(buyerAgain.id, 'confirm');
    expect(ok.json()).toMatchObject({ state: 'confirmed' });
    const list = (await r.list(`?blueNumber=${blue.number}&limit=10`)).json();
    expect(list.total).toBe(3);
    expect((await r.list(`?state=void_seller_refused&blueNumber=${blue.number}`)).json().total).toBe(1);
  });

  it('quick full red issues at once when no confirmation is needed; refused when the buyer booked it', async () => {
    const r = await demo();
    const token = await tokenOf('demo', 'Demo@123');
    const blue = await issueBlue(app(), token, [SERVICE]);
    const quick = await r.quick({ blueInvoiceId: blue.id, reason: 'service_suspension' });
    expect(quick.statusCode, quick.body).toBe(201);
    expect(quick.json().totalFen).toBe(-22_600);
    await r.settled();
    expect((await invoiceRow(app(), blue.id)).status).toBe('red');

    const booked = await issueBlue(app(), token, [SERVICE]);
    await (await admin()).book(booked.id);
    const refused = await r.quick({ blueInvoiceId: booked.id, reason: 'issue_error' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('QUICK_RED_NEEDS_CONFIRMATION');
    expect(await formsOf(app(), booked.id)).toEqual([]);
  });
});

describe('red-letter: tenants and permissions', () => {
  it('another tenant sees nothing; the clerk is refused', async () => {
    const r = await demo();
    const blue = await issueBlue(app(), await tokenOf('demo', 'Demo@123'));
    const form = (
      await r.apply({
        blueInvoiceId: blue.id,
        reason: 'sales_discount',
        lines: [{ blueLineNo: 1, amountFen: 100 }],
      })
    ).json();
    const agent = await as('agent', 'Agent@123');
    expect((await agent.lookup(`id=${blue.id}`)).statusCode).toBe(404);
    expect((await agent.lookup(`number=${blue.number}`)).statusCode).toBe(404);
    expect((await agent.get(form.id)).statusCode).toBe(404);
    expect((await agent.apply({ blueInvoiceId: blue.id, reason: 'sales_return' })).statusCode).toBe(404);
    expect((await agent.issueRed(form.id)).statusCode).toBe(404);
    expect((await agent.act(form.id, 'revoke')).statusCode).toBe(404);
    expect((await agent.list()).json().rows.some((x: { id: number }) => x.id === form.id)).toBe(false);

    const clerk = await as('clerk', 'Clerk@123');
    expect((await clerk.apply({ blueInvoiceId: blue.id, reason: 'sales_return' })).statusCode).toBe(403);
    expect((await clerk.list()).statusCode).toBe(403);
    expect((await clerk.lookup(`id=${blue.id}`)).statusCode).toBe(403);
    expect((await clerk.issueRed(form.id)).statusCode).toBe(403);
    expect((await clerk.quick({ blueInvoiceId: blue.id, reason: 'sales_return' })).statusCode).toBe(403);
  });
});
