import { groupMembers, groups, preopenPhoneBindCodes, preopenPhoneDevices, users } from '@fpy/db';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/lib/hash.ts';
import { bearer, type TestApp, useTestApp } from '../harness.ts';
import { api, invoiceBody } from './invoicing-helpers.ts';

/** 预开审核手机端 (issue 30 §2.9): bind a phone, review pre-issue applications on it. */
const app = useTestApp();
const CONSOLE = '/api/billing/v1/preopen-phone';
const PHONE = '/api/public/preopen';
let ipSeq = 0;
/** Each test speaks from its own address: the miss budget is per IP. */
const nextIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

/** Another member of brand (invoiceMethod 0) in its 管理员 group. */
async function brandMember(t: TestApp, username: string, name: string) {
  const db = t.services.db;
  const [brand] = await db.select().from(users).where(eq(users.username, 'brand'));
  const [created] = await db
    .insert(users)
    .values({
      tenantId: brand.tenantId,
      username,
      passwordHash: await hashPassword('Member@123'),
      passwordState: 'ok',
      name,
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
  return t.login(username, 'Member@123');
}

function phone(t: TestApp, ip = nextIp()) {
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${PHONE}${url}`, payload, remoteAddress: ip });
  return {
    ip,
    bind: (code: string) => post('/bind', { code, label: '测试手机' }),
    me: (device: string) => post('/me', { device }),
    unbind: (device: string) => post('/unbind', { device }),
    list: (device: string) => post('/applications', { device }),
    view: (device: string, ref: { code?: string; id?: number }) =>
      post('/applications/view', { device, ...ref }),
    decide: (device: string, id: number, decision: string, reason?: string) =>
      post('/applications/decide', { device, id, decision, reason }),
    retry: (device: string, id: number) => post('/applications/retry', { device, id }),
    ticket: (device: string, id: number) => post('/applications/pdf-ticket', { device, id }),
    pdf: (ticket: string) => t.app.inject({ url: `${PHONE}/files/${ticket}`, remoteAddress: ip }),
  };
}

function consoleApi(t: TestApp, token: string) {
  return {
    bindCode: () => t.app.inject({ method: 'POST', url: `${CONSOLE}/bind-codes`, headers: bearer(token) }),
    devices: () => t.app.inject({ url: `${CONSOLE}/devices`, headers: bearer(token) }),
    revoke: (id: number) =>
      t.app.inject({ method: 'POST', url: `${CONSOLE}/devices/${id}/revoke`, headers: bearer(token) }),
    appCode: (id: number) =>
      t.app.inject({ method: 'POST', url: `${CONSOLE}/applications/${id}/code`, headers: bearer(token) }),
  };
}

async function setup() {
  const t = app();
  const salesToken = await brandMember(t, 'pp-sales', '销售小王');
  const sales = api(t, salesToken);
  const reviewerToken = await t.login('brand', 'Brand@123');
  const reviewer = consoleApi(t, reviewerToken);
  const apply = async (over: Record<string, unknown> = {}) => {
    const res = await sales.create(invoiceBody(over));
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('pending_review');
    return res.json().id as number;
  };
  /** Binds a phone for the console user behind `c`: the device token. */
  const bound = async (c = reviewer, p = phone(t)) => {
    const code = (await c.bindCode()).json();
    const res = await p.bind(code.code);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().device as string;
  };
  return { t, sales, salesToken, reviewer, apply, bound };
}

describe('预开审核手机端: binding', () => {
  it('binds once with a console code; the code cannot be used again; unknown codes answer alike', async () => {
    const { t, reviewer } = await setup();
    const made = await reviewer.bindCode();
    expect(made.statusCode).toBe(200);
    const { code, url, expiresAt } = made.json();
    expect(code).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(url).toBe(`/invoicerBinding?c=${code}`);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    // Only the hash is stored.
    const stored = await t.services.db.select().from(preopenPhoneBindCodes);
    expect(stored.some((r) => r.codeHash === code)).toBe(false);

    const p = phone(t);
    const first = await p.bind(code);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ userName: '品牌管理员', tenantName: '品牌定制集团有限公司' });
    const device = first.json().device as string;
    const rows = await t.services.db.select().from(preopenPhoneDevices);
    expect(rows.some((r) => r.tokenHash === device)).toBe(false);
    expect((await p.me(device)).json()).toMatchObject({ userName: '品牌管理员' });

    const again = await p.bind(code);
    const unknown = await p.bind('Zz9Zz9Zz9Zz9Zz9Zz9Zz');
    const malformed = await p.bind('x');
    for (const res of [again, unknown, malformed]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('PREOPEN_BIND_CODE_INVALID');
      expect(res.json().message).toBe(again.json().message);
    }
    // The device token is no console token.
    expect((await t.app.inject({ url: `${CONSOLE}/devices`, headers: bearer(device) })).statusCode).toBe(401);
  });

  it('two phones racing on one code get one device', async () => {
    const { t, reviewer } = await setup();
    const { code } = (await reviewer.bindCode()).json();
    const results = await Promise.all(Array.from({ length: 6 }, () => phone(t).bind(code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 404)).toHaveLength(5);
  });

  it('an expired code and an expired or revoked device answer alike', async () => {
    const { t, reviewer, bound } = await setup();
    const { code } = (await reviewer.bindCode()).json();
    await t.services.db.execute(
      sql`update preopen_phone_bind_codes set expires_at = now() - interval '1 second' where used_at is null`,
    );
    const p = phone(t);
    expect((await p.bind(code)).json().code).toBe('PREOPEN_BIND_CODE_INVALID');

    const device = await bound();
    const list = (await reviewer.devices()).json().rows;
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]).toMatchObject({ label: '测试手机' });
    expect((await reviewer.revoke(list[0].id)).statusCode).toBe(200);
    const revoked = await p.me(device);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe('PREOPEN_DEVICE_INVALID');
    expect((await reviewer.revoke(list[0].id)).statusCode).toBe(404);

    const other = await bound();
    await t.services.db.execute(
      sql`update preopen_phone_devices set expires_at = now() - interval '1 second'`,
    );
    const expired = await p.me(other);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(revoked.json().message);
    const forged = await p.me('forged-token-forged-token-forged-token');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(revoked.json().message);
  });

  it('the phone can unbind itself; a user without 预开审核 cannot make a binding code', async () => {
    const { t, bound } = await setup();
    const p = phone(t);
    const device = await bound();
    expect((await p.unbind(device)).statusCode).toBe(200);
    expect((await p.me(device)).statusCode).toBe(401);
    const clerk = consoleApi(t, await t.login('clerk', 'Clerk@123'));
    expect((await clerk.bindCode()).statusCode).toBe(403);
  });

  it('a bound phone stops with its user: grant withdrawn → 403, account disabled → like an unknown token', async () => {
    const { t, bound } = await setup();
    const member = consoleApi(t, await brandMember(t, 'pp-leaver', '财务小孙'));
    const p = phone(t);
    const device = await bound(member, p);
    expect((await p.me(device)).statusCode).toBe(200);
    const db = t.services.db;
    const [u] = await db.select().from(users).where(eq(users.username, 'pp-leaver'));
    await db.delete(groupMembers).where(eq(groupMembers.userId, u.id));
    const refused = await p.me(device);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PREOPEN_NO_RIGHT');
    const [admins] = await db
      .select()
      .from(groups)
      .where(and(eq(groups.tenantId, u.tenantId!), eq(groups.code, 'admin')));
    await db.insert(groupMembers).values({ groupId: admins.id, userId: u.id });
    expect((await p.me(device)).statusCode).toBe(200);
    await db.update(users).set({ status: 0 }).where(eq(users.id, u.id));
    const disabled = await p.me(device);
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json().code).toBe('PREOPEN_DEVICE_INVALID');
  });

  it('guessing: misses from one IP end in 429 for every phone call from it', async () => {
    const { t, bound } = await setup();
    const p = phone(t);
    const device = await bound(undefined, p);
    let last = 0;
    for (let i = 0; i < 25; i++) last = (await p.bind(`Guess${i}Guess${i}Guess${i}`.slice(0, 20))).statusCode;
    expect(last).toBe(429);
    expect((await p.me(device)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await phone(t).me(device)).statusCode).toBe(200);
  });
});

describe('预开审核手机端: reviewing', () => {
  it('lists, opens by QR code and approves → issued through the pipeline, with the PDF', async () => {
    const { t, sales, reviewer, apply, bound } = await setup();
    const id = await apply({ buyer: { name: '杭州手机审核有限公司', taxNumber: '91320594MA1WQ2LB8E' } });
    const p = phone(t);
    const device = await bound(undefined, p);

    const list = (await p.list(device)).json();
    expect(list.rows.find((r: { id: number }) => r.id === id)).toMatchObject({
      buyerName: '杭州手机审核有限公司',
      totalFen: 22_600,
      applicantName: '销售小王',
      phase: 'pending',
    });

    const made = (await reviewer.appCode(id)).json();
    expect(made.url).toBe(`/codeScanningInvoicing?a=${made.code}`);
    expect((await reviewer.appCode(id)).json().code).toBe(made.code);

    const view = await p.view(device, { code: made.code });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      id,
      phase: 'pending',
      buyerName: '杭州手机审核有限公司',
      amountFen: 20_000,
      taxFen: 2_600,
      totalFen: 22_600,
      own: false,
      canApprove: true,
      canReject: true,
      decision: null,
    });
    expect(view.json().lines).toHaveLength(1);

    const approved = await p.decide(device, id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(['processing', 'issued']).toContain(approved.json().phase);
    await sales.settled();
    const done = (await p.view(device, { id })).json();
    expect(done).toMatchObject({ phase: 'issued', status: 'issued', canApprove: false });
    expect(done.number).toMatch(/^\d{20}$/);
    expect(done.decision).toMatchObject({ by: '品牌管理员', kind: 'approved', mine: true });
    // The console sees the same history: the approval is the brand admin's, through the same verb.
    const events = (await sales.get(id)).json().events.map((e: { to: string }) => e.to);
    expect(events).toEqual(['draft', 'pending_review', 'ready', 'issuing', 'issued']);

    const { ticket } = (await p.ticket(device, id)).json();
    const pdf = await p.pdf(ticket);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await p.pdf(ticket)).statusCode).toBe(404);

    // The code is used up: it still opens, showing who decided.
    const over = (await p.view(device, { code: made.code })).json();
    expect(over).toMatchObject({ phase: 'issued', canApprove: false, canReject: false });
  });

  it('rejects with a reason (required); the applicant cannot approve their own application', async () => {
    const { t, reviewer, salesToken, apply, bound } = await setup();
    const id = await apply();
    const p = phone(t);
    const device = await bound(undefined, p);
    const noReason = await p.decide(device, id, 'reject');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('reason');
    const rejected = await p.decide(device, id, 'reject', '金额有误');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      phase: 'rejected',
      status: 'draft',
      decision: { kind: 'rejected', reason: '金额有误', by: '品牌管理员' },
    });
    void reviewer;

    const id2 = await apply();
    const own = await bound(consoleApi(t, salesToken), p);
    const view = (await p.view(own, { id: id2 })).json();
    expect(view).toMatchObject({ own: true, canApprove: false });
    const refused = await p.decide(own, id2, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('REVIEW_OWN_APPLICATION');
  });

  it('two phones racing on one application: one decision, the other told who decided', async () => {
    const { t, sales, apply, bound } = await setup();
    const id = await apply();
    const second = consoleApi(t, await brandMember(t, 'pp-second', '财务小赵'));
    const a = await bound();
    const b = await bound(second);
    const [r1, r2, r3] = await Promise.all([
      phone(t).decide(a, id, 'approve'),
      phone(t).decide(b, id, 'approve'),
      phone(t).decide(b, id, 'reject', '重复'),
    ]);
    const codes = [r1, r2, r3].map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    for (const r of [r1, r2, r3].filter((x) => x.statusCode === 409))
      expect(['REVIEW_ALREADY_DONE', 'REVIEW_NOT_PENDING']).toContain(r.json().code);
    await sales.settled();
    const events = (await sales.get(id)).json().events as { from: string | null; to: string }[];
    // One decision closed the round; an approval was issued once.
    expect(events.filter((e) => e.from === 'pending_review')).toHaveLength(1);
    expect(events.filter((e) => e.to === 'issued').length).toBeLessThanOrEqual(1);
  });

  it('codes and ids of another tenant, and invoices that were never applications, answer like unknown ones', async () => {
    const { t, reviewer, apply, bound } = await setup();
    const id = await apply();
    const { code } = (await reviewer.appCode(id)).json();
    const p = phone(t);
    const device = await bound(undefined, p);
    // demo's invoice (another tenant; never an application).
    const demoToken = await t.login('demo', 'Demo@123');
    const demoInv = await api(t, demoToken).create(invoiceBody());
    const demoId = demoInv.json().id as number;
    const foreign = await p.view(device, { id: demoId });
    const unknownCode = await p.view(device, { code: 'NoSuchCode0000000000' });
    const unknownId = await p.view(device, { id: 2_000_000_000 });
    for (const res of [foreign, unknownCode, unknownId]) {
      expect(res.statusCode).toBe(404);
      const { requestId: _, ...rest } = res.json();
      expect(rest).toEqual({ status: 404, code: 'PREOPEN_APP_UNKNOWN', message: unknownCode.json().message });
    }
    expect((await p.decide(device, demoId, 'approve')).statusCode).toBe(404);
    // A phone bound in brand reads brand's code; a code is nothing without a bound phone.
    expect((await p.view(device, { code })).statusCode).toBe(200);
    expect((await p.view('not-a-device-token-at-all-xxxxxxxx', { code })).statusCode).toBe(401);
  });
});

describe('预开审核手机端: hostile input with a working device (beyond the attack walk, which holds no device)', () => {
  it('answers 4xx, never 5xx, and never another tenant’s data', async () => {
    const { t, sales, apply, bound } = await setup();
    const id = await apply();
    const p = phone(t);
    const device = await bound(undefined, p);
    // Each device may make 90 calls a minute: the noise is spread over enough of them to reach the handlers.
    const devices = [device];
    for (let i = 0; i < 6; i++) devices.push(await bound());
    const hostile: unknown[] = [
      null,
      -1,
      0,
      1.5,
      2 ** 31,
      '1',
      '',
      'x'.repeat(5000),
      '../../etc/passwd',
      "' or 1=1 --",
      '\u0000',
      '<script>alert(1)</script>',
      [],
      {},
      { __proto__: { polluted: 1 } },
      true,
    ];
    const routes = [
      '/me',
      '/applications',
      '/applications/view',
      '/applications/decide',
      '/applications/retry',
      '/applications/pdf-ticket',
      '/unbind-never',
    ];
    let n = 0;
    for (const route of routes.slice(0, -1))
      for (const field of ['id', 'code', 'decision', 'reason', 'device'])
        for (const v of hostile) {
          const payload: Record<string, unknown> = {
            device: devices[Math.floor(n / 85)],
            id,
            decision: 'reject',
            reason: '原因',
            [field]: v,
          };
          const res = await t.app.inject({
            method: 'POST',
            url: `${PHONE}${route}`,
            payload,
            remoteAddress: `10.77.${n % 200}.${Math.floor(n / 200) + 1}`,
          });
          n += 1;
          expect(
            res.statusCode,
            `${route} ${field}=${JSON.stringify(v)?.slice(0, 40)}: ${res.body}`,
          ).toBeLessThan(500);
          expect(res.body).not.toContain('polluted');
        }
    for (const bad of ['x', 'A'.repeat(129), '%00', '..%2f..%2fetc'])
      expect((await t.app.inject({ url: `${PHONE}/files/${bad}` })).statusCode).toBeLessThan(500);
    expect(n).toBeLessThan(devices.length * 85);
    // The application is pending still, or rejected once by a well-formed reject.
    const inv = (await sales.get(id)).json();
    expect(['pending_review', 'draft']).toContain(inv.status);
  });
});
