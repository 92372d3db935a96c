import { describe, expect, it } from 'vitest';
import { useTestApp } from '../harness.ts';
import { api, invoiceBody } from './invoicing-helpers.ts';

const app = useTestApp();
const demo = async () => api(app(), await app().login('demo', 'Demo@123'));
const path = (events: { from: string | null; to: string }[]) => events.map((e) => `${e.from}→${e.to}`);

describe('POST /api/billing/v1/invoices — issue end to end', () => {
  it('accepts at once, then the job issues it with a 20-digit number; every transition has an event', async () => {
    const c = await demo();
    const res = await c.create(invoiceBody());
    expect(res.statusCode).toBe(201);
    const accepted = res.json();
    expect(['ready', 'issuing', 'issued']).toContain(accepted.status);
    expect(accepted).toMatchObject({
      sellerName: '演示科技有限公司',
      sellerCreditCode: '91310115MA1K4GDM05',
      amountFen: 20_000,
      taxFen: 2_600,
      totalFen: 22_600,
      drawer: '演示管理员',
    });
    expect(accepted.lines).toEqual([
      expect.objectContaining({ lineNo: 1, amountFen: 20_000, taxFen: 2_600, amountInclusiveFen: 22_600 }),
    ]);
    await c.settled();
    const done = (await c.get(accepted.id)).json();
    expect(done.status).toBe('issued');
    expect(done.statusLabel).toBe('已开具');
    expect(done.number).toMatch(/^\d{20}$/);
    expect(done.number.slice(2, 4)).toBe('31');
    expect(done.issuedAt).toBeTruthy();
    expect(path(done.events)).toEqual(['null→draft', 'draft→ready', 'ready→issuing', 'issuing→issued']);
    expect(done.events[0]).toMatchObject({ actorName: '演示管理员', ip: expect.any(String) });
    expect(done.events[3]).toMatchObject({ actorId: null });
  });

  it('recomputes the figures itself: a differing client total → 400 with the expected figures', async () => {
    const c = await demo();
    const res = await c.create(invoiceBody({ totals: { totalFen: 22_700 } }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('INVOICE_TOTALS_MISMATCH');
    expect(body.message).toContain('226.00');
    expect(body.details.expected).toEqual({ amountFen: 20_000, taxFen: 2_600, totalFen: 22_600 });
    expect(body.details.fields).toEqual(['totalFen']);
  });

  it('refuses a 专票 without the buyer tax number, and names the line of an engine violation', async () => {
    const c = await demo();
    const noTax = await c.create(invoiceBody({ buyer: { name: '某某公司' }, totals: undefined }));
    expect(noTax.statusCode).toBe(400);
    expect(noTax.json().code).toBe('INVOICE_INVALID');
    expect(noTax.json().message).toContain('纳税人识别号');
    const badLine = await c.create(
      invoiceBody({
        totals: undefined,
        lines: [
          invoiceBody().lines[0],
          { name: '*软件维护服务*接口服务费', quantity: '1', unitPrice: '0', rate: 'rate_13' },
        ],
      }),
    );
    expect(badLine.statusCode).toBe(400);
    expect(badLine.json().message).toMatch(/^第2行/);
    expect(badLine.json().details.violations[0].lineNo).toBe(2);
  });

  it('is idempotent on clientSerial, also under concurrent resubmission', async () => {
    const c = await demo();
    const body = invoiceBody();
    const first = await c.create(body);
    const again = await c.create(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);

    const racing = invoiceBody();
    const replies = await Promise.all(Array.from({ length: 6 }, () => c.create(racing)));
    for (const r of replies) expect([200, 201]).toContain(r.statusCode);
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(replies.map((r) => r.json().id)).size).toBe(1);
    await c.settled();
    const list = (await c.list(`?limit=500`)).json();
    expect(
      list.rows.filter((r: { clientSerial: string }) => r.clientSerial === racing.clientSerial),
    ).toHaveLength(1);
    const done = (await c.get(replies[0].json().id)).json();
    expect(done.status).toBe('issued');
    expect(path(done.events)).toEqual(['null→draft', 'draft→ready', 'ready→issuing', 'issuing→issued']);
  });

  it('a bureau failure ends in failed with the reason; retry runs a new attempt', async () => {
    const c = await demo();
    const res = await c.create(
      invoiceBody({ buyer: { name: '【模拟失败】上海购买方有限公司', taxNumber: '91310104MA1FR8KX39' } }),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    await c.settled();
    const failed = (await c.get(id)).json();
    expect(failed.status).toBe('failed');
    expect(failed.number).toBeNull();
    expect(failed.failureReason).toContain('税务局处理失败');
    expect(failed.events.at(-1)).toMatchObject({
      from: 'issuing',
      to: 'failed',
      reason: failed.failureReason,
    });

    const retried = await c.retry(id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().status).toBe('issuing');
    await c.settled();
    const after = (await c.get(id)).json();
    // The marker is on the buyer name, so the sandbox refuses again — as a second attempt with its own events.
    expect(after.status).toBe('failed');
    expect(path(after.events)).toEqual([
      'null→draft',
      'draft→ready',
      'ready→issuing',
      'issuing→failed',
      'failed→issuing',
      'issuing→failed',
    ]);
    expect(after.events[4]).toMatchObject({ actorName: '演示管理员', reason: '重新开具' });

    // Only a failed invoice can be retried.
    const ok = await c.create(invoiceBody());
    await c.settled();
    const refused = await c.retry(ok.json().id);
    expect(refused.statusCode).toBe(409);
  });

  it('keeps a draft when submit is false; a 预开 tenant (invoiceMethod 0) goes to pending_review', async () => {
    const c = await demo();
    const body = invoiceBody({ submit: false });
    const draft = await c.create(body);
    expect(draft.json().status).toBe('draft');
    // Replaying the serial with submit finishes the submit (same invoice, no second one).
    const submitted = await c.create({ ...body, submit: true });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({
      id: draft.json().id,
      status: expect.stringMatching(/ready|issuing|issued/),
    });
    await c.settled();
    expect((await c.get(draft.json().id)).json().status).toBe('issued');
    const brand = api(app(), await app().login('brand', 'Brand@123'));
    const res = await brand.create(invoiceBody());
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('pending_review');
    await brand.settled();
    expect((await brand.get(res.json().id)).json().status).toBe('pending_review');
  });
});
