import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const basic = `Basic ${Buffer.from('webApp:webApp').toString('base64')}`;

function tokenRequest(t: ReturnType<typeof app>, username: string, password: string, auth = basic) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/oauth/token',
    headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      username,
      password: t.encrypt(password),
      grant_type: 'password',
    }).toString(),
  });
}

describe('auth', () => {
  it('serves a stable RSA public key', async () => {
    const res = await app().app.inject({ url: '/api/auth/publicKey' });
    expect(res.json().publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(res.json().publicKey).toBe(app().publicKey);
  });

  it('issues a bearer token for a trimmed username and returns the profile', async () => {
    const res = await tokenRequest(app(), '  demo  ', 'Demo@123');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: expect.any(Number),
      userId: expect.any(Number),
    });
    const info = await app().app.inject({
      url: '/api/admin/user/front/info',
      headers: bearer(body.access_token),
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      username: 'demo',
      companyName: '演示科技有限公司',
      invoiceMethod: 1,
      tenantType: 1,
      isSuperAdmin: 1,
    });
    expect(info.json().menus.map((m: { code: string }) => m.code)).toContain('orgManager');
    expect(info.json().elements.map((e: { code: string }) => e.code)).toContain('userManager:btn_add');
  });

  it('refuses a wrong client credential with 40131', async () => {
    const res = await tokenRequest(
      app(),
      'demo',
      'Demo@123',
      `Basic ${Buffer.from('webApp:nope').toString('base64')}`,
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(40131);
    const none = await tokenRequest(app(), 'demo', 'Demo@123', '');
    expect(none.json().status).toBe(40131);
  });

  it('answers wrong passwords and unknown users alike, with the spec message', async () => {
    for (const [u, p] of [
      ['demo', 'wrong-pass1'],
      ['nobody', 'whatever1'],
    ]) {
      const res = await tokenRequest(app(), u, p);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: '账户或密码错误，连续输错5次后账户将被锁定' });
    }
  });

  it('locks after five failures, refuses the right password while locked, and a success resets the count', async () => {
    // brand: 4 failures then success resets the counter
    for (let i = 0; i < 4; i++)
      expect((await tokenRequest(app(), 'brand', 'bad-pass1')).statusCode).toBe(400);
    expect((await tokenRequest(app(), 'brand', 'Brand@123')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await tokenRequest(app(), 'brand', 'bad-pass1')).json().code).toBe('BAD_CREDENTIALS');
    expect((await tokenRequest(app(), 'brand', 'Brand@123')).statusCode).toBe(200);

    for (let i = 0; i < 4; i++) await tokenRequest(app(), 'agent', 'bad-pass1');
    const fifth = await tokenRequest(app(), 'agent', 'bad-pass1');
    expect(fifth.json().code).toBe('ACCOUNT_LOCKED');
    const locked = await tokenRequest(app(), 'agent', 'Agent@123');
    expect(locked.statusCode).toBe(400);
    expect(locked.json().code).toBe('ACCOUNT_LOCKED');
    expect(locked.json().message).toMatch(/锁定/);
  });

  it('revokes a token: later calls get 40101', async () => {
    const token = await app().login('demo', 'Demo@123');
    expect(
      (await app().app.inject({ url: '/api/admin/user/front/info', headers: bearer(token) })).statusCode,
    ).toBe(200);
    const del = await app().app.inject({
      method: 'DELETE',
      url: `/api/auth/oauth/token?access_token=${encodeURIComponent(token)}`,
    });
    expect(del.statusCode).toBe(200);
    const after = await app().app.inject({ url: '/api/admin/user/front/info', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().status).toBe(40101);
  });

  it('refuses missing, garbage and cookie-less tokens with 40101 but accepts the Authorization cookie from the console', async () => {
    expect((await app().app.inject({ url: '/api/admin/user/front/info' })).json().status).toBe(40101);
    expect(
      (await app().app.inject({ url: '/api/admin/user/front/info', headers: bearer('garbage') })).json()
        .status,
    ).toBe(40101);
    const token = await app().login('clerk', 'Clerk@123');
    const cookie = `Authorization=${encodeURIComponent(`Bearer ${token}`)}`;
    const viaCookie = await app().app.inject({
      url: '/api/admin/user/front/info',
      headers: { cookie, 'x-requested-with': 'fpy-console' },
    });
    expect(viaCookie.statusCode).toBe(200);
    // Issue 12 §2: the cookie alone (a plain navigation, another site's page) is no credential.
    const cookieAlone = await app().app.inject({ url: '/api/admin/user/front/info', headers: { cookie } });
    expect(cookieAlone.statusCode).toBe(403);
  });

  it('gives the clerk read-only access: the user list and the four invoicing-data pages', async () => {
    const token = await app().login('clerk', 'Clerk@123');
    const info = (
      await app().app.inject({ url: '/api/admin/user/front/info', headers: bearer(token) })
    ).json();
    expect(info.elements).toEqual([{ code: 'goodsCode:btn_query' }]);
    const menus = (
      await app().app.inject({ url: '/api/admin/user/front/tenant/menus', headers: bearer(token) })
    ).json();
    expect(menus).toEqual([
      // The layout pages every company user has (spec §2.11), then the granted groups.
      expect.objectContaining({ code: 'dashboard', hidden: false }),
      expect.objectContaining({ code: 'personalInformation', hidden: true }),
      expect.objectContaining({ code: 'companyCenter', hidden: true }),
      expect.objectContaining({
        code: 'orgManager',
        children: [expect.objectContaining({ code: 'userManager' })],
      }),
      expect.objectContaining({
        code: 'outputInvoiceManager',
        children: ['taxClassCode', 'goodsCode', 'goodsCompare', 'myCustomer'].map((code) =>
          expect.objectContaining({ code }),
        ),
      }),
    ]);
  });

  it('validates the body with a Chinese message naming the field', async () => {
    const res = await app().app.inject({
      method: 'POST',
      url: '/api/auth/oauth/token',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=demo&password=x&grant_type=implicit',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('grant_type');
  });

  it('answers unknown API paths with JSON 404 and oversized bodies with 413', async () => {
    const nf = await app().app.inject({ url: '/api/does/not/exist' });
    expect(nf.statusCode).toBe(404);
    expect(nf.json().status).toBe(404);
    const big = await app().app.inject({
      method: 'POST',
      url: '/api/admin/client/getForgetPwdCode',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(1_100_000), target: 'a@b.cn' }),
    });
    expect(big.statusCode).toBe(413);
  });
});
