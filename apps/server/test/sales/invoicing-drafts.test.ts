import { departments, users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';
import { api, invoiceBody, URL } from './invoicing-helpers.ts';

const app = useTestApp();
const path = (events: { from: string | null; to: string }[]) => events.map((e) => `${e.from}→${e.to}`);

function client(token: string) {
  const t = app();
  const c = api(t, token);
  return {
    ...c,
    update: (id: number, payload: object) =>
      t.app.inject({ method: 'PUT', url: `${URL}/${id}`, headers: bearer(token), payload }),
    submit: (id: number) =>
      t.app.inject({ method: 'POST', url: `${URL}/${id}/submit`, headers: bearer(token) }),
    discard: (id: number, reason = '客户取消订单') =>
      t.app.inject({
        method: 'POST',
        url: `${URL}/${id}/discard`,
        headers: bearer(token),
        payload: { reason },
      }),
  };
}
const demo = async () => client(await app().login('demo', 'Demo@123'));

/** The editable part of invoiceBody (PUT takes no serial and no submit flag). */
function editBody(over: Record<string, unknown> = {}) {
  const { clientSerial: _s, ...rest } = invoiceBody(over);
  return rest;
}

describe('drafts: edit, submit, discard (stayOpenInvoice / stayOpenList)', () => {
  it('edits a draft: header and lines replaced, recomputed, with an audit row; then submits it', async () => {
    const c = await demo();
    const created = (
      await c.create(invoiceBody({ submit: false, specialLabel: '03', remarks: '初稿' }))
    ).json();
    expect(created).toMatchObject({ status: 'draft', specialLabel: '03', remarks: '初稿' });

    const res = await c.update(
      created.id,
      editBody({
        buyer: { name: '杭州新购买方有限公司', taxNumber: '91330106MA2B0XY71K', email: 'ap@example.com' },
        remarks: '第二稿',
        specialLabel: null,
        payee: '王收款',
        lines: [
          { ...invoiceBody().lines[0], quantity: '3' },
          { name: '*软件维护服务*年费', quantity: '1', unitPrice: '50', rate: 'rate_6' },
        ],
        totals: { amountFen: 35_000, taxFen: 4_200, totalFen: 39_200 },
      }),
    );
    expect(res.statusCode).toBe(200);
    const edited = res.json();
    expect(edited).toMatchObject({
      id: created.id,
      clientSerial: created.clientSerial,
      status: 'draft',
      buyerName: '杭州新购买方有限公司',
      buyerEmail: 'ap@example.com',
      remarks: '第二稿',
      specialLabel: null,
      payee: '王收款',
      amountFen: 35_000,
      taxFen: 4_200,
      totalFen: 39_200,
    });
    expect(edited.lines.map((l: { lineNo: number; amountFen: number }) => [l.lineNo, l.amountFen])).toEqual([
      [1, 30_000],
      [2, 5_000],
    ]);
    expect(edited.events.at(-1)).toMatchObject({ from: 'draft', to: 'draft', reason: '编辑草稿' });

    const submitted = await c.submit(created.id);
    expect(submitted.statusCode).toBe(200);
    expect(['ready', 'issuing', 'issued']).toContain(submitted.json().status);
    await c.settled();
    const done = (await c.get(created.id)).json();
    expect(done.status).toBe('issued');
    expect(done.number).toMatch(/^\d{20}$/);
    expect(path(done.events)).toEqual([
      'null→draft',
      'draft→draft',
      'draft→ready',
      'ready→issuing',
      'issuing→issued',
    ]);
  });

  it('refuses edits that break the rules with the line named, and writes nothing', async () => {
    const c = await demo();
    const created = (await c.create(invoiceBody({ submit: false }))).json();
    const badLine = await c.update(
      created.id,
      editBody({
        totals: undefined,
        lines: [
          invoiceBody().lines[0],
          { name: '*软件维护服务*接口服务费', quantity: '1', unitPrice: '0', rate: 'rate_13' },
        ],
      }),
    );
    expect(badLine.statusCode).toBe(400);
    expect(badLine.json().code).toBe('INVOICE_INVALID');
    expect(badLine.json().message).toMatch(/^第2行/);
    expect(badLine.json().details.violations[0].lineNo).toBe(2);

    const mismatch = await c.update(created.id, editBody({ totals: { totalFen: 1 } }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details.expected).toEqual({ amountFen: 20_000, taxFen: 2_600, totalFen: 22_600 });

    const after = (await c.get(created.id)).json();
    expect(after.lines).toHaveLength(1);
    expect(after.totalFen).toBe(22_600);
    expect(path(after.events)).toEqual(['null→draft']);
  });

  it('only a draft can be edited or submitted; only a draft or a failed invoice can be discarded', async () => {
    const c = await demo();
    const issued = (await c.create(invoiceBody())).json();
    await c.settled();

    const edit = await c.update(issued.id, editBody());
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({
      code: 'INVOICE_NOT_DRAFT',
      message: '只有草稿可以修改，该发票当前为已开具',
    });
    const submit = await c.submit(issued.id);
    expect(submit.statusCode).toBe(409);
    expect(submit.json()).toMatchObject({
      code: 'INVOICE_NOT_DRAFT',
      message: '只有草稿可以提交开具，该发票当前为已开具',
    });
    const discard = await c.discard(issued.id);
    expect(discard.statusCode).toBe(409);
    expect(discard.json()).toMatchObject({
      code: 'INVOICE_NOT_DISCARDABLE',
      message: '只有草稿或开具失败的发票可以作废，该发票当前为已开具',
    });
    const after = (await c.get(issued.id)).json();
    expect(after.status).toBe('issued');
    expect(path(after.events)).toEqual(['null→draft', 'draft→ready', 'ready→issuing', 'issuing→issued']);

    expect((await c.update(999_999, editBody())).statusCode).toBe(404);
    const noReason = await c.discard(issued.id, ' ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('请填写作废原因');
  });

  it('discards a draft and abandons a failed invoice (void, reason in the history, no number)', async () => {
    const c = await demo();
    const draft = (await c.create(invoiceBody({ submit: false }))).json();
    const res = await c.discard(draft.id, '重复录入');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('void');
    expect(res.json().events.at(-1)).toMatchObject({ from: 'draft', to: 'void', reason: '重复录入' });
    // A discarded draft can no longer be submitted.
    expect((await c.submit(draft.id)).statusCode).toBe(409);

    const failing = (
      await c.create(
        invoiceBody({ buyer: { name: '【模拟失败】上海购买方有限公司', taxNumber: '91310104MA1FR8KX39' } }),
      )
    ).json();
    await c.settled();
    expect((await c.get(failing.id)).json().status).toBe('failed');
    const abandoned = await c.discard(failing.id, '放弃开具');
    expect(abandoned.statusCode).toBe(200);
    expect(abandoned.json()).toMatchObject({ status: 'void', number: null });
  });

  it('lists by several states and by keyword (buyer name or serial), and only mine', async () => {
    const c = await demo();
    const body = invoiceBody({
      submit: false,
      buyer: { name: '关键字测试购买方甲', taxNumber: '91310104MA1FR8KX39' },
    });
    const draft = (await c.create(body)).json();
    const byName = (await c.list('?keyword=关键字测试购买方甲&statuses=draft,failed')).json();
    expect(byName.rows.map((r: { id: number }) => r.id)).toEqual([draft.id]);
    const bySerial = (await c.list(`?keyword=${encodeURIComponent(body.clientSerial)}`)).json();
    expect(bySerial.rows.map((r: { id: number }) => r.id)).toEqual([draft.id]);
    const none = (await c.list('?keyword=关键字测试购买方甲&statuses=ready,issuing')).json();
    expect(none.total).toBe(0);
    expect((await c.list('?statuses=draft,nonsense')).statusCode).toBe(400);
    const mine = (await c.list('?mine=true&keyword=关键字测试购买方甲')).json();
    expect(mine.total).toBe(1);
  });

  it('stores the creator department; a 预开 tenant submits a draft into pending_review', async () => {
    const { db } = app().services;
    const [brandUser] = await db.select().from(users).where(eq(users.username, 'brand'));
    const [dept] = await db
      .insert(departments)
      .values({ tenantId: brandUser.tenantId!, name: '销售部' })
      .returning();
    await db.update(users).set({ departmentId: dept.id }).where(eq(users.id, brandUser.id));
    const brand = client(await app().login('brand', 'Brand@123'));
    const draft = (await brand.create(invoiceBody({ submit: false }))).json();
    expect(draft).toMatchObject({ status: 'draft', departmentId: dept.id });
    const submitted = await brand.submit(draft.id);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().status).toBe('pending_review');
    await brand.settled();
    expect((await brand.get(draft.id)).json().status).toBe('pending_review');
    // Another tenant's draft is not found, whatever the verb.
    const c = await demo();
    expect((await c.submit(draft.id)).statusCode).toBe(404);
    expect((await c.discard(draft.id)).statusCode).toBe(404);
    expect((await c.update(draft.id, editBody())).statusCode).toBe(404);
  });

  it('guards every invoice route by the pages codes: the read-only clerk gets 403 and nothing is written', async () => {
    const c = await demo();
    const draft = (await c.create(invoiceBody({ submit: false }))).json();
    const clerk = client(await app().login('clerk', 'Clerk@123'));
    const replies = await Promise.all([
      clerk.create(invoiceBody()),
      clerk.get(draft.id),
      clerk.list(),
      clerk.update(draft.id, editBody()),
      clerk.submit(draft.id),
      clerk.discard(draft.id),
      clerk.retry(draft.id),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    const after = (await c.get(draft.id)).json();
    expect(after.status).toBe('draft');
    expect(path(after.events)).toEqual(['null→draft']);
  });
});
