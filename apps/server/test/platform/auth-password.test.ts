import { sandboxMessages, users, verificationCodes } from '@fpy/db';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();

/** The embedded notifier writes to the outbox; tests read the code from there as an administrator would. */
async function lastCodeSentTo(recipient: string) {
  const [m] = await app()
    .services.db.select()
    .from(sandboxMessages)
    .where(eq(sandboxMessages.recipient, recipient))
    .orderBy(desc(sandboxMessages.id))
    .limit(1);
  return m ? /(\d{6})/.exec(m.body)![1] : null;
}

const info = (token: string) =>
  app().app.inject({ url: '/api/admin/user/front/info', headers: bearer(token) });

describe('forgotten password', () => {
  it('never reveals whether the account exists', async () => {
    const t = app();
    const exists = await t.app.inject({
      method: 'POST',
      url: '/api/admin/client/getForgetPwdCode',
      payload: { username: 'clerk', target: '13900000002' },
    });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/client/getForgetPwdCode',
      payload: { username: 'ghost', target: '13900000002' },
    });
    const wrongPhone = await t.app.inject({
      method: 'POST',
      url: '/api/admin/client/getForgetPwdCode',
      payload: { username: 'clerk', target: '13911111111' },
    });
    expect(exists.json()).toEqual(missing.json());
    expect(wrongPhone.json()).toEqual(exists.json());
    expect(await lastCodeSentTo('13911111111')).toBeNull();
  });

  it('resets the password with the code, revokes old sessions, and the code works once', async () => {
    const t = app();
    const oldToken = await t.login('clerk', 'Clerk@123');
    const code = await lastCodeSentTo('13900000002');
    expect(code).toMatch(/^\d{6}$/);
    const weak = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/client/forgetPwd',
      payload: { username: 'clerk', code, password: t.encrypt('short') },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('密码至少8位');
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/client/forgetPwd',
      payload: {
        username: 'clerk',
        code: code === '000000' ? '111111' : '000000',
        password: t.encrypt('NewPass123'),
      },
    });
    // Anonymous: a wrong code answers as an unknown account would (issue 12 §4), the same CODE_INVALID.
    expect(wrong.json().code).toBe('CODE_INVALID');
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/client/forgetPwd',
      payload: { username: 'clerk', code, password: t.encrypt('NewPass123') },
    });
    expect(ok.statusCode).toBe(200);
    expect((await info(oldToken)).statusCode).toBe(401);
    expect(await t.login('clerk', 'NewPass123')).toBeTruthy();
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/client/forgetPwd',
      payload: { username: 'clerk', code, password: t.encrypt('Other1234') },
    });
    expect(again.json().code).toBe('CODE_INVALID');
  });

  it('sends at most one code a minute per account, and a code expires after five minutes', async () => {
    const t = app();
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/client/getForgetPwdCode',
        payload: { username: 'brand', target: 'brand@fapiaoyun.example' },
      });
    await ask();
    const first = await lastCodeSentTo('brand@fapiaoyun.example');
    await ask();
    const rows = await t.services.db
      .select()
      .from(sandboxMessages)
      .where(eq(sandboxMessages.recipient, 'brand@fapiaoyun.example'));
    expect(rows).toHaveLength(1);
    const [brand] = await t.services.db.select().from(users).where(eq(users.username, 'brand'));
    await t.services.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, brand.id));
    const late = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/client/forgetPwd',
      payload: { username: 'brand', code: first, password: t.encrypt('Brand@456') },
    });
    expect(late.json().code).toBe('CODE_INVALID');
  });
});

describe("changing one's own password", () => {
  it('needs a code sent to the account, keeps this session and ends the others', async () => {
    const t = app();
    const mine = await t.login('agent', 'Agent@123');
    const other = await t.login('agent', 'Agent@123');
    const send = await t.app.inject({
      url: '/api/admin/client/getModifyPasswordCode?channel=sms',
      headers: bearer(mine),
    });
    expect(send.json()).toMatchObject({ sent: true, channel: 'sms', maskedTarget: '139****0004' });
    const tooSoon = await t.app.inject({
      url: '/api/admin/client/getModifyPasswordCode?channel=sms',
      headers: bearer(mine),
    });
    expect(tooSoon.json().code).toBe('CODE_TOO_FREQUENT');
    const code = await lastCodeSentTo('13900000004');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/user/modifyPassword',
      headers: bearer(mine),
      payload: { code, password: t.encrypt('Agent@456') },
    });
    expect(res.statusCode).toBe(200);
    expect((await info(mine)).statusCode).toBe(200);
    expect((await info(other)).statusCode).toBe(401);
    const unsafe = await t.app.inject({ url: '/api/admin/user/unsafeUser', headers: bearer(mine) });
    expect(unsafe.json()).toMatchObject({ unsafe: false, reason: null });
  });

  it('reports an initial or reset password as unsafe', async () => {
    const t = app();
    await t.services.db.update(users).set({ passwordState: 'reset' }).where(eq(users.username, 'demo'));
    const token = await t.login('demo', 'Demo@123');
    const res = await t.app.inject({ url: '/api/admin/user/unsafeUser', headers: bearer(token) });
    expect(res.json()).toMatchObject({ unsafe: true, reason: 'reset' });
  });

  it('refuses a password that was not encrypted with the login key', async () => {
    const t = app();
    const token = await t.login('brand', 'Brand@123');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/user/modifyPassword',
      headers: bearer(token),
      payload: { code: '123456', password: 'Plain1234' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PASSWORD_NOT_ENCRYPTED');
  });
});
