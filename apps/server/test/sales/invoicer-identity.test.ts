import { invoicerIdentityLinks, taxSandboxIdentity, tenants } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../src/lib/hash.ts';
import { taxGatewayFor } from '../../src/modules/platform/tax-gateway/index.ts';
import { bearer, type TestApp, useTestApp } from '../harness.ts';
import { api, invoiceBody } from './invoicing-helpers.ts';

/** 开票员身份认证 (issue 30, /validate): the bureau pauses issuing until the invoicer answers its captcha. */
const app = useTestApp();
const CONSOLE = '/api/billing/v1/invoicer-identity';
const PHONE = '/api/billingAll/free/invoice-all/free/sales/user';
let ipSeq = 0;
/** Each test speaks from its own address: the miss budget is per IP. */
const nextIp = () => `10.31.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

// The sandbox draws each digit as seven-segment strokes in a group of its own (sandbox/identity.ts).
const SEGMENTS: Record<string, string> = {
  'M0,0L16,0': 'a',
  'M16,0L16,18': 'b',
  'M16,18L16,36': 'c',
  'M0,36L16,36': 'd',
  'M0,18L0,36': 'e',
  'M0,0L0,18': 'f',
  'M0,18L16,18': 'g',
};
const DIGITS = ['abcdef', 'bc', 'abdeg', 'abcdg', 'bcfg', 'acdfg', 'acdefg', 'abc', 'abcdefg', 'abcdfg'];
function readCaptcha(dataUrl: string) {
  const svg = Buffer.from(dataUrl.split(',')[1], 'base64').toString('utf8');
  const groups = [...svg.matchAll(/<g transform="[^"]*">((?:<path d="[^"]+"\/>)+)<\/g>/g)];
  return groups
    .map((g) => {
      const segs = [...g[1].matchAll(/d="([^"]+)"/g)].map((m) => SEGMENTS[m[1]]).join('');
      return String(DIGITS.indexOf(segs));
    })
    .join('');
}

async function setup(t: TestApp = app()) {
  const token = await t.login('demo', 'Demo@123');
  const [demo] = await t.services.db.select().from(tenants).where(eq(tenants.tenantCode, 'T0001'));
  const ip = nextIp();
  const post = (url: string, payload: unknown, remoteAddress = ip) =>
    t.app.inject({ method: 'POST', url: `${PHONE}${url}`, payload: payload as object, remoteAddress });
  return {
    t,
    tenantId: demo.id,
    invoices: api(t, token),
    status: () => t.app.inject({ url: CONSOLE, headers: bearer(token) }),
    link: () => t.app.inject({ method: 'POST', url: `${CONSOLE}/links`, headers: bearer(token) }),
    data: (code: string, from?: string) => post('/captchaData', { code }, from),
    check: (code: string, captcha: string, from?: string) => post('/captchaCheck', { code, captcha }, from),
    demand: () => taxGatewayFor(t.services.db).demandIdentity(demo.id),
    /** Leaves the tenant confirmed whatever a test did (the file shares one database). */
    reset: () =>
      t.services.db
        .update(taxSandboxIdentity)
        .set({ state: 'confirmed' })
        .where(eq(taxSandboxIdentity.tenantId, demo.id)),
  };
}

describe('开票员身份认证 — console, phone and the paused issuing', () => {
  it('a demand pauses issuing with the bureau reason; the phone answers the captcha and issuing resumes', async () => {
    const s = await setup();
    expect((await s.status()).json()).toMatchObject({ state: 'confirmed', openLink: null });
    expect((await s.link()).statusCode).toBe(409);

    await s.demand();
    const refused = await s.invoices.create(invoiceBody());
    expect(refused.statusCode).toBe(201);
    await s.invoices.settled();
    const failed = (await s.invoices.get(refused.json().id)).json();
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toContain('身份认证');

    const status = (await s.status()).json();
    expect(status).toMatchObject({ state: 'required', openLink: null });
    expect(status.askedAt).toBeTruthy();
    const link = await s.link();
    expect(link.statusCode).toBe(200);
    const { code, url } = link.json();
    expect(url).toBe(`/validate?c=${code}`);
    expect((await s.status()).json().openLink).toMatchObject({ attemptsLeft: 5 });

    const data = await s.data(code);
    expect(data.statusCode).toBe(200);
    const view = data.json();
    expect(view).toMatchObject({
      state: 'pending',
      companyName: '演示科技有限公司',
      taxNumber: '9131**********DM05',
      attemptsLeft: 5,
      captcha: { kind: 'image' },
    });
    expect(view.captcha.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const answer = readCaptcha(view.captcha.image);
    expect(answer).toMatch(/^\d{6}$/);
    // The reply carries the drawing, never the text.
    expect(JSON.stringify(view)).not.toContain(answer);
    expect(Buffer.from(view.captcha.image.split(',')[1], 'base64').toString()).not.toContain(answer);

    const ok = await s.check(code, answer);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ state: 'confirmed', captcha: null });
    // A second tap answers the same; the console sees the bureau confirmed.
    expect((await s.check(code, answer)).json().state).toBe('confirmed');
    expect((await s.data(code)).json()).toMatchObject({ state: 'confirmed', captcha: null });
    expect((await s.status()).json()).toMatchObject({ state: 'confirmed', openLink: null });

    const retried = await s.invoices.retry(failed.id);
    expect(retried.statusCode).toBe(200);
    await s.invoices.settled();
    expect((await s.invoices.get(failed.id)).json().status).toBe('issued');
  });

  it('a wrong captcha counts and spends the captcha; five lock the link; a new link works', async () => {
    const s = await setup();
    await s.demand();
    const { code } = (await s.link()).json();
    for (let i = 1; i <= 5; i++) {
      const view = (await s.data(code)).json();
      const right = readCaptcha(view.captcha.image);
      const wrong = right === '000000' ? '111111' : '000000';
      const res = await s.check(code, wrong);
      if (i < 5) {
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain(`${5 - i}`);
        // The wrong try spent the captcha: the right text no longer works without a new one.
        expect((await s.check(code, right)).json().message).toContain('过期');
      } else {
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toContain('锁定');
      }
    }
    expect((await s.data(code)).statusCode).toBe(409);
    const [row] = await s.t.services.db
      .select()
      .from(invoicerIdentityLinks)
      .where(eq(invoicerIdentityLinks.codeHash, sha256(code)));
    expect(row).toMatchObject({ attempts: 5 });
    expect(row.lockedAt).toBeTruthy();

    const fresh = (await s.link()).json().code;
    const view = (await s.data(fresh)).json();
    expect((await s.check(fresh, readCaptcha(view.captcha.image))).json().state).toBe('confirmed');
  });

  it('expired, unknown, forged, superseded and answered-elsewhere codes answer alike and reveal nothing', async () => {
    const s = await setup();
    await s.demand();
    const first = (await s.link()).json().code;
    const second = (await s.link()).json().code;
    const unknown = await s.data('A'.repeat(20));
    expect(unknown.statusCode).toBe(404);
    const body = unknown.json();
    for (const res of [await s.data(first), await s.check(first, '123456')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(body.message);
      expect(JSON.stringify(res.json())).not.toContain('演示');
    }
    // Expired.
    await s.t.services.db
      .update(invoicerIdentityLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invoicerIdentityLinks.codeHash, sha256(second)));
    expect((await s.data(second)).statusCode).toBe(404);
    // A new demand of the bureau makes the old link answer like an unknown one.
    const third = (await s.link()).json().code;
    await s.demand();
    expect((await s.data(third)).statusCode).toBe(404);
    // A captcha past its five minutes counts nothing.
    const fourth = (await s.link()).json().code;
    await s.data(fourth);
    await s.t.services.db
      .update(taxSandboxIdentity)
      .set({ captchaExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(taxSandboxIdentity.tenantId, s.tenantId));
    const stale = await s.check(fourth, '123456');
    expect(stale.statusCode).toBe(409);
    expect((await s.data(fourth)).json().attemptsLeft).toBe(5);
    await s.reset();
  });

  it('hostile input is refused naming the field; guessing from one address is blocked', async () => {
    const s = await setup();
    for (const [payload, field] of [
      [{ code: '<script>', captcha: '123456' }, 'code'],
      [{ code: 'A'.repeat(20), captcha: '12ab' }, 'captcha'],
      [{ code: 'A'.repeat(5000), captcha: '123456' }, 'code'],
      [{ code: 'A'.repeat(20), captcha: { $ne: 1 } }, 'captcha'],
      [{ captcha: '123456' }, 'code'],
    ] as const) {
      const res = await s.check(payload.code as string, payload.captcha as string);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    }
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++)
      statuses.push((await s.data(`Guess${String(i).padStart(15, '0')}`, ip)).statusCode);
    expect(statuses.slice(0, 20).every((c) => c === 404)).toBe(true);
    expect(statuses.slice(20).every((c) => c === 429)).toBe(true);
    // Another address is not blocked.
    expect((await s.data('B'.repeat(20))).statusCode).toBe(404);
  });

  it('one link cannot be hammered from many addresses (per-code budget)', async () => {
    const s = await setup();
    await s.demand();
    const { code } = (await s.link()).json();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await s.data(code, nextIp())).statusCode);
    expect(statuses.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    await s.reset();
  });
});

describe('开票员身份认证 — the sandbox lever for platform administrators', () => {
  it('the platform administrator makes the bureau ask; a tenant administrator may not', async () => {
    const s = await setup();
    const URL_DEMAND = '/api/billing/v1/creditLine/identity-demand';
    const tenantAdmin = await s.t.login('demo', 'Demo@123');
    const refused = await s.t.app.inject({
      method: 'POST',
      url: URL_DEMAND,
      headers: bearer(tenantAdmin),
      payload: { tenantId: s.tenantId },
    });
    expect(refused.statusCode).toBe(403);
    const admin = await s.t.login('admin', 'Admin@123');
    const res = await s.t.app.inject({
      method: 'POST',
      url: URL_DEMAND,
      headers: bearer(admin),
      payload: { tenantId: s.tenantId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tenantId: s.tenantId, state: 'required' });
    expect((await s.status()).json().state).toBe('required');
    const unknown = await s.t.app.inject({
      method: 'POST',
      url: URL_DEMAND,
      headers: bearer(admin),
      payload: { tenantId: 999_999 },
    });
    expect(unknown.statusCode).toBe(404);
    await s.reset();
  });
});
