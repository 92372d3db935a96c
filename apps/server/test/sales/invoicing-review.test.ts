import { groupMembers, groups, users } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/lib/hash.ts';
import { bearer, type TestApp, useTestApp } from '../harness.ts';
import { api, invoiceBody } from './invoicing-helpers.ts';

const app = useTestApp();
const REVIEW = '/api/billing/v1/invoice-review';
const path = (events: { from: string | null; to: string }[]) => events.map((e) => `${e.from}→${e.to}`);

/** A second member of the brand tenant (invoiceMethod 0), in its 管理员 group: applies through the API. */
async function brandSales(t: TestApp) {
  const db = t.services.db;
  const [brand] = await db.select().from(users).where(eq(users.username, 'brand'));
  const [created] = await db
    .insert(users)
    .values({
      tenantId: brand.tenantId,
      username: 'brand-sales',
      passwordHash: await hashPassword('Sales@123'),
      passwordState: 'ok',
      name: '销售小王',
    })
    .onConflictDoNothing()
    .returning();
  if (created) {
    const [admins] = await db
      .select()
      .from(groups)
      .where(and(eq(groups.tenantId, brand.tenantId!), eq(groups.code, 'admin')));
    await db.insert(groupMembers).values({ groupId: admins.id, userId: created.id });
  }
  return t.login('brand-sales', 'Sales@123');
}

function reviewApi(t: TestApp, token: string) {
  return {
    pending: (qs = '') => t.app.inject({ url: `${REVIEW}/pending${qs}`, headers: bearer(token) }),
    records: (qs = '') => t.app.inject({ url: `${REVIEW}/records${qs}`, headers: bearer(token) }),
    detail: (id: number) => t.app.inject({ url: `${REVIEW}/${id}`, headers: bearer(token) }),
    approve: (payload: object) =>
      t.app.inject({ method: 'POST', url: `${REVIEW}/approve`, headers: bearer(token), payload }),
    reject: (payload: object) =>
      t.app.inject({ method: 'POST', url: `${REVIEW}/reject`, headers: bearer(token), payload }),
  };
}

async function setup() {
  const t = app();
  const salesToken = await brandSales(t);
  const sales = api(t, salesToken);
  const admin = await t.login('brand', 'Brand@123');
  const apply = async (over: Record<string, unknown> = {}) => {
    const res = await sales.create(invoiceBody(over));
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('pending_review');
    return res.json().id as number;
  };
  return { t, sales, apply, reviewer: reviewApi(t, admin), adminInvoices: api(t, admin) };
}

describe('预开审核 (invoiceMethod 0)', () => {
  it('lists pending applications with the applicant; approval issues the invoice with a number', async () => {
    const { sales, apply, reviewer } = await setup();
    const id = await apply({ buyer: { name: '杭州审核测试有限公司', taxNumber: '91320594MA1WQ2LB8E' } });

    const list = (await reviewer.pending('?buyer=审核测试')).json();
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({
      id,
      status: 'pending_review',
      applicantName: '销售小王',
      totalFen: 22_600,
    });
    expect(
      (await reviewer.pending('?applicant=小王')).json().rows.map((r: { id: number }) => r.id),
    ).toContain(id);
    expect((await reviewer.pending('?applicant=nobody')).json().total).toBe(0);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await reviewer.pending(`?dateFrom=${today}&dateTo=${today}&buyer=审核测试`)).json().total).toBe(
      1,
    );
    expect((await reviewer.pending('?dateTo=2000-01-01')).json().total).toBe(0);

    const res = await reviewer.approve({ ids: [id], note: '核对无误' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ succeeded: 1, failed: 0, results: [{ id, ok: true }] });
    await sales.settled();
    const done = (await reviewer.detail(id)).json();
    expect(done.status).toBe('issued');
    expect(done.number).toMatch(/^\d{20}$/);
    expect(path(done.events)).toEqual([
      'null→draft',
      'draft→pending_review',
      'pending_review→ready',
      'ready→issuing',
      'issuing→issued',
    ]);
    expect(done.events[2]).toMatchObject({ actorName: '品牌管理员', reason: '核对无误' });
    expect(done.lines).toHaveLength(1);

    const records = (await reviewer.records(`?number=${done.number}`)).json();
    expect(records.total).toBe(1);
    expect(records.rows[0]).toMatchObject({
      id,
      status: 'issued',
      number: done.number,
      applicantName: '销售小王',
      reviewerName: '品牌管理员',
      decision: 'approved',
      reason: '核对无误',
    });
    expect(records.rows[0].events).toHaveLength(5);
    expect((await reviewer.pending('?buyer=审核测试')).json().total).toBe(0);
  });

  it('rejects back to a draft with the reason; a resubmission opens a second round', async () => {
    const { t, sales, apply, reviewer } = await setup();
    const id = await apply();
    expect((await reviewer.reject({ ids: [id] })).statusCode).toBe(400);
    expect((await reviewer.reject({ ids: [id], reason: '  ' })).json().message).toContain('驳回原因');
    expect((await reviewer.reject({ ids: [id], reason: 'x'.repeat(201) })).statusCode).toBe(400);

    const res = await reviewer.reject({ ids: [id], reason: '购买方税号有误' });
    expect(res.json()).toMatchObject({ succeeded: 1, results: [{ id, ok: true, status: 'draft' }] });
    const draft = (await sales.get(id)).json();
    expect(draft.status).toBe('draft');
    expect(draft.events.at(-1)).toMatchObject({
      from: 'pending_review',
      to: 'draft',
      reason: '购买方税号有误',
      actorName: '品牌管理员',
    });

    // The applicant resubmits (replaying the serial submits the draft): a second round of review.
    const { submitForIssue } = await import('../../src/modules/sales/invoicing/verbs/submit-for-issue.ts');
    const [u] = await t.services.db.select().from(users).where(eq(users.username, 'brand-sales'));
    await submitForIssue({
      ctx: {
        db: t.services.db,
        jobs: t.services.jobs,
        ip: null,
        actor: { userId: u.id, name: u.name, tenantId: u.tenantId, platform: false },
      },
      input: { id },
    });
    const record = (await reviewer.records('?status=pending_review'))
      .json()
      .rows.find((r: { id: number }) => r.id === id);
    expect(record.decision).toBe('pending');
    expect(record.rounds).toEqual([
      expect.objectContaining({ decision: 'rejected', reason: '购买方税号有误', reviewerName: '品牌管理员' }),
      expect.objectContaining({ decision: 'pending', applicantName: '销售小王', reviewerName: null }),
    ]);
  });

  it('bulk: each id on its own — one already reviewed by someone else fails with a Chinese message', async () => {
    const { sales, apply, reviewer } = await setup();
    const a = await apply();
    const b = await apply();
    const c = await apply();
    expect((await reviewer.reject({ ids: [b], reason: '重复申请' })).json().succeeded).toBe(1);

    const res = await reviewer.approve({ ids: [a, b, c, a] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ succeeded: 2, failed: 1 });
    expect(body.results.map((r: { id: number }) => r.id)).toEqual([a, b, c]);
    expect(body.results[1]).toMatchObject({ id: b, ok: false, code: 'REVIEW_ALREADY_DONE' });
    expect(body.results[1].message).toContain('已被品牌管理员驳回');

    // Reviewing again what is already approved: refused, nothing changes.
    const again = (await reviewer.reject({ ids: [a], reason: '晚了' })).json();
    expect(again.results[0]).toMatchObject({ ok: false, code: 'REVIEW_ALREADY_DONE' });
    expect(again.results[0].message).toContain('审核通过');

    // Two reviewers racing on the same application: exactly one wins.
    const d = await apply();
    const [x, y] = await Promise.all([
      reviewer.approve({ ids: [d] }),
      reviewer.reject({ ids: [d], reason: '并发' }),
    ]);
    expect([x.json().succeeded, y.json().succeeded].sort()).toEqual([0, 1]);
    await sales.settled();
    expect((await sales.get(a)).json().status).toBe('issued');
    expect((await sales.get(b)).json().status).toBe('draft');
    expect((await sales.get(c)).json().status).toBe('issued');
  });

  it('refuses self-approval, with a clear message', async () => {
    const { reviewer, adminInvoices } = await setup();
    const own = (await adminInvoices.create(invoiceBody())).json();
    expect(own.status).toBe('pending_review');
    const res = (await reviewer.approve({ ids: [own.id] })).json();
    expect(res.results[0]).toMatchObject({ ok: false, code: 'REVIEW_OWN_APPLICATION' });
    expect(res.results[0].message).toContain('不能审核通过自己提交的预开申请');
    expect((await adminInvoices.get(own.id)).json().status).toBe('pending_review');
    // Withdrawing one's own application through a rejection is allowed.
    expect((await reviewer.reject({ ids: [own.id], reason: '撤回' })).json().succeeded).toBe(1);
  });

  it('clerk gets 403, another tenant sees nothing and changes nothing', async () => {
    const { t, sales, apply, reviewer } = await setup();
    const id = await apply();
    const clerk = reviewApi(t, await t.login('clerk', 'Clerk@123'));
    expect((await clerk.pending()).statusCode).toBe(403);
    expect((await clerk.records()).statusCode).toBe(403);
    expect((await clerk.approve({ ids: [id] })).statusCode).toBe(403);
    expect((await clerk.reject({ ids: [id], reason: 'x' })).statusCode).toBe(403);
    expect((await clerk.detail(id)).statusCode).toBe(403);

    const agent = reviewApi(t, await t.login('agent', 'Agent@123'));
    expect((await agent.detail(id)).statusCode).toBe(404);
    expect((await agent.pending()).json().rows.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await agent.records()).json().rows.map((r: { id: number }) => r.id)).not.toContain(id);
    const res = (await agent.approve({ ids: [id] })).json();
    expect(res.results[0]).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect((await agent.reject({ ids: [id], reason: 'x' })).json().failed).toBe(1);
    expect((await sales.get(id)).json().status).toBe('pending_review');

    // Only invoices that went through review are readable here.
    const demo = api(t, await t.login('demo', 'Demo@123'));
    const direct = (await demo.create(invoiceBody({ submit: false }))).json();
    expect((await reviewApi(t, await t.login('demo', 'Demo@123')).detail(direct.id)).statusCode).toBe(404);
    expect((await reviewer.approve({ ids: [] })).statusCode).toBe(400);
    expect((await reviewer.detail(id)).json().status).toBe('pending_review');
  });
});
