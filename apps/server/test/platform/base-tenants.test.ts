import { sandboxMessages } from '@fpy/db';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, badChecksum, newCreditCode } from './base-helpers.ts';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const admin = () => app().login('admin', 'Admin@123');

function tenantBody(overrides: Record<string, unknown> = {}) {
  return {
    name: '测试租户有限公司',
    creditCode: newCreditCode(),
    tenantType: 1,
    invoiceMethod: 0,
    address: '杭州市西湖区文三路1号',
    phone: '0571-88000000',
    bank: '建设银行杭州分行',
    account: '33001600000000001',
    contactName: '张三',
    contactPhone: '13700000000',
    adminUsername: `t${Math.random().toString(36).slice(2, 10)}`,
    adminPassword: app().encrypt('Tenant@2024'),
    ...overrides,
  };
}

describe('tenant manager', () => {
  it('lists tenants with filters and paging', async () => {
    const token = await admin();
    const all = (await api(app(), token, 'GET', '/api/admin/tenants')).json();
    expect(all.total).toBeGreaterThanOrEqual(3);
    const byName = (
      await api(app(), token, 'GET', `/api/admin/tenants?name=${encodeURIComponent('品牌')}`)
    ).json();
    expect(byName.rows).toEqual([expect.objectContaining({ name: '品牌定制集团有限公司', tenantType: 5 })]);
    const byCode = (await api(app(), token, 'GET', '/api/admin/tenants?creditCode=91310115')).json();
    expect(byCode.rows.map((r: { tenantCode: string }) => r.tenantCode)).toEqual(['T0001']);
    const agents = (await api(app(), token, 'GET', '/api/admin/tenants?tenantType=2&status=1')).json();
    expect(agents.rows.every((r: { tenantType: number }) => r.tenantType === 2)).toBe(true);
    const page = (await api(app(), token, 'GET', '/api/admin/tenants?page=1&limit=1&sort=name')).json();
    expect(page.rows).toHaveLength(1);
    expect(page.total).toBe(all.total);
  });

  it('creates a tenant with its administrator, who must change the initial password', async () => {
    const token = await admin();
    const body = tenantBody();
    const res = await api(app(), token, 'POST', '/api/admin/tenants', body);
    expect(res.statusCode).toBe(200);
    const t = res.json();
    expect(t).toMatchObject({
      name: body.name,
      creditCode: body.creditCode,
      status: 1,
      invoiceMethod: 0,
      creditCodeWarning: null,
    });
    expect(t.tenantCode).toBe(`T${String(t.id).padStart(4, '0')}`);
    expect((await api(app(), token, 'GET', `/api/admin/tenants/${t.id}`)).json()).toMatchObject({
      id: t.id,
      contactName: '张三',
    });

    const newAdmin = await app().login(body.adminUsername, 'Tenant@2024');
    const info = (await api(app(), newAdmin, 'GET', '/api/admin/user/front/info')).json();
    expect(info).toMatchObject({ tenantId: t.id, isSuperAdmin: 1, companyName: body.name });
    expect(info.elements.map((e: { code: string }) => e.code)).toContain('userManager:btn_add');
    expect((await api(app(), newAdmin, 'GET', '/api/admin/user/unsafeUser')).json()).toMatchObject({
      unsafe: true,
      reason: 'initial',
    });

    const again = await api(
      app(),
      token,
      'POST',
      '/api/admin/tenants',
      tenantBody({ adminUsername: body.adminUsername }),
    );
    expect(again.json()).toMatchObject({ status: 400, code: 'USERNAME_TAKEN' });
    const dupCode = await api(
      app(),
      token,
      'POST',
      '/api/admin/tenants',
      tenantBody({ creditCode: body.creditCode }),
    );
    expect(dupCode.json().code).toBe('CREDIT_CODE_TAKEN');
    const weak = await api(
      app(),
      token,
      'POST',
      '/api/admin/tenants',
      tenantBody({ adminPassword: app().encrypt('short') }),
    );
    expect(weak.json().code).toBe('PASSWORD_WEAK');
    const plain = await api(
      app(),
      token,
      'POST',
      '/api/admin/tenants',
      tenantBody({ adminPassword: 'Tenant@2024' }),
    );
    expect(plain.json().code).toBe('PASSWORD_NOT_ENCRYPTED');
  });

  it('refuses malformed credit codes and warns on checksum failures', async () => {
    const token = await admin();
    const bad = await api(app(), token, 'POST', '/api/admin/tenants', tenantBody({ creditCode: '12345' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('CREDIT_CODE_MALFORMED');
    const warn = await api(
      app(),
      token,
      'POST',
      '/api/admin/tenants',
      tenantBody({ creditCode: badChecksum(newCreditCode()).toLowerCase() }),
    );
    expect(warn.statusCode).toBe(200);
    expect(warn.json().creditCodeWarning).toMatch(/校验位/);
    expect(warn.json().creditCode).toMatch(/^[0-9A-Z]{18}$/);
  });

  it('updates a tenant, including the agent link of an agent client', async () => {
    const token = await admin();
    const t = (await api(app(), token, 'POST', '/api/admin/tenants', tenantBody())).json();
    const agent = (await api(app(), token, 'GET', '/api/admin/tenants?tenantType=2')).json().rows[0];
    const base = {
      name: '改名后公司',
      creditCode: t.creditCode,
      tenantType: 3,
      invoiceMethod: 1,
      address: '新地址',
    };
    expect((await api(app(), token, 'PUT', `/api/admin/tenants/${t.id}`, base)).json().code).toBe(
      'TENANT_PARENT_REQUIRED',
    );
    expect(
      (await api(app(), token, 'PUT', `/api/admin/tenants/${t.id}`, { ...base, parentId: t.id })).json().code,
    ).toBe('TENANT_PARENT_INVALID');
    const ok = await api(app(), token, 'PUT', `/api/admin/tenants/${t.id}`, { ...base, parentId: agent.id });
    expect(ok.json()).toMatchObject({
      name: '改名后公司',
      tenantType: 3,
      parentId: agent.id,
      parentName: agent.name,
      invoiceMethod: 1,
      // Not given, so kept (issue 12 §5: an update changes only what it is given); null clears it.
      phone: '0571-88000000',
      bank: '建设银行杭州分行',
    });
    const cleared = await api(app(), token, 'PUT', `/api/admin/tenants/${t.id}`, { phone: null });
    expect(cleared.json()).toMatchObject({ name: '改名后公司', phone: null, bank: '建设银行杭州分行' });
    const plain = await api(app(), token, 'PUT', `/api/admin/tenants/${t.id}`, {
      ...base,
      tenantType: 1,
      parentId: agent.id,
    });
    expect(plain.json()).toMatchObject({ tenantType: 1, parentId: null });
    expect(
      (await api(app(), token, 'PUT', '/api/admin/tenants/999999', { ...base, tenantType: 1 })).statusCode,
    ).toBe(404);
    const taken = await api(app(), token, 'PUT', `/api/admin/tenants/${t.id}`, {
      ...base,
      tenantType: 1,
      creditCode: '91310115MA1K4GDM05',
    });
    expect(taken.json().code).toBe('CREDIT_CODE_TAKEN');
  });

  it('suspends a tenant: its tokens stop working and its users cannot log in; resuming restores them', async () => {
    const token = await admin();
    const body = tenantBody();
    const t = (await api(app(), token, 'POST', '/api/admin/tenants', body)).json();
    const userToken = await app().login(body.adminUsername, 'Tenant@2024');
    expect((await api(app(), userToken, 'GET', '/api/admin/user/front/info')).statusCode).toBe(200);

    const suspended = await api(app(), token, 'PUT', `/api/admin/tenants/${t.id}/status`, { status: 0 });
    expect(suspended.json()).toMatchObject({ id: t.id, status: 0 });
    const after = await api(app(), userToken, 'GET', '/api/admin/user/front/info');
    expect(after.statusCode).toBe(401);
    expect(after.json().status).toBe(40101);
    await expect(app().login(body.adminUsername, 'Tenant@2024')).rejects.toThrow(/TENANT_SUSPENDED/);
    expect(
      (await api(app(), token, 'GET', '/api/admin/tenants?status=0'))
        .json()
        .rows.map((r: { id: number }) => r.id),
    ).toContain(t.id);

    await api(app(), token, 'PUT', `/api/admin/tenants/${t.id}/status`, { status: 1 });
    expect((await api(app(), userToken, 'GET', '/api/admin/user/front/info')).statusCode).toBe(200);
  });

  it('is platform-only: tenant administrators get 403 whatever their grants', async () => {
    const demo = await app().login('demo', 'Demo@123');
    for (const [method, url] of [
      ['GET', '/api/admin/tenants'],
      ['GET', '/api/admin/tenants/1'],
      ['POST', '/api/admin/tenants'],
      ['PUT', '/api/admin/tenants/1'],
      ['PUT', '/api/admin/tenants/1/status'],
    ] as const) {
      const res = await app().app.inject({
        method,
        url,
        headers: bearer(demo),
        ...(method === 'GET' ? {} : { payload: { status: 0 } }),
      });
      expect(res.statusCode, url).toBe(403);
    }
  });
});

/** The embedded notifier writes to the outbox; tests read the SMS there as the phone's owner would. */
async function lastSmsTo(phone: string) {
  const [m] = await app()
    .services.db.select()
    .from(sandboxMessages)
    .where(eq(sandboxMessages.recipient, phone))
    .orderBy(desc(sandboxMessages.id))
    .limit(1);
  return m?.body ?? '';
}

/** Asks for a sign-up code for the phone and reads it from the outbox. */
async function registerCode(phone: string) {
  const res = await api(app(), null, 'POST', '/api/admin/register/getCode', { contactPhone: phone });
  expect(res.json()).toEqual({ sent: true, channel: 'sms', maskedTarget: expect.stringContaining('****') });
  return /(\d{6})/.exec(await lastSmsTo(phone))![1];
}

let phoneSerial = Math.floor(Math.random() * 1e7);
const newPhone = () => `136${String(++phoneSerial).padStart(8, '0')}`;

describe('registration', () => {
  it('registers a company with an SMS code and logs in as its administrator', async () => {
    const creditCode = newCreditCode();
    const phone = newPhone();
    const code = await registerCode(phone);
    const res = await api(app(), null, 'POST', '/api/admin/register', {
      companyName: '自助注册科技有限公司',
      creditCode,
      contactName: '李四',
      contactPhone: phone,
      email: 'li@example.com',
      username: 'selfreg1',
      password: app().encrypt('Selfreg@2024'),
      code,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      submitted: true,
      channel: 'sms',
      maskedTarget: `136****${phone.slice(-4)}`,
    });
    expect(await lastSmsTo(phone)).toContain('已开通发票云，管理员账号 selfreg1');
    const token = await app().login('selfreg1', 'Selfreg@2024');
    const info = (await api(app(), token, 'GET', '/api/admin/user/front/info')).json();
    expect(info).toMatchObject({
      tenantType: 1,
      invoiceMethod: 1,
      isSuperAdmin: 1,
      name: '李四',
      companyName: '自助注册科技有限公司',
    });
    expect((await api(app(), token, 'GET', '/api/admin/user/unsafeUser')).json().unsafe).toBe(false);
    const codes = JSON.stringify(info.menus);
    expect(codes).toContain('"userManager"');
    expect(codes).not.toContain('"tenantManager"');
    expect(codes).not.toContain('"menuManager"');
  });

  // Issue 12 §4: a taken username or company used to answer USERNAME_TAKEN / CREDIT_CODE_TAKEN to anyone, and a
  // credit code failing the checksum opened a company. Now taken ones answer exactly as a new one does (the
  // reason goes by SMS to the phone that proved itself), and the checksum is refused before anything happens.
  it('answers taken usernames and companies like new ones, telling the reason by SMS only', async () => {
    const body = (o: Record<string, unknown>) => ({
      companyName: '重复公司',
      creditCode: newCreditCode(),
      contactName: '王五',
      username: `r${Math.random().toString(36).slice(2, 9)}`,
      password: app().encrypt('Repeat@2024'),
      ...o,
    });
    const send = async (o: Record<string, unknown>) => {
      const phone = newPhone();
      const code = await registerCode(phone);
      const res = await api(
        app(),
        null,
        'POST',
        '/api/admin/register',
        body({ contactPhone: phone, code, ...o }),
      );
      return { phone, res, masked: `136****${phone.slice(-4)}`, sms: await lastSmsTo(phone) };
    };
    const takenUser = await send({ username: 'demo' });
    const takenCompany = await send({ creditCode: '91310115MA1K4GDM05' });
    const fresh = await send({});
    for (const r of [takenUser, takenCompany, fresh]) {
      expect(r.res.statusCode).toBe(200);
      expect(r.res.json()).toEqual({ submitted: true, channel: 'sms', maskedTarget: r.masked });
    }
    expect(takenUser.sms).toContain('管理员账号 demo 已被使用');
    expect(takenCompany.sms).toContain('该统一社会信用代码的企业已开通发票云');
    expect(fresh.sms).toContain('已开通发票云');
    // Nothing was opened for the taken ones: still one company with that code, demo's password unchanged.
    const token = await admin();
    const byCode = (
      await api(app(), token, 'GET', '/api/admin/tenants?creditCode=91310115MA1K4GDM05')
    ).json();
    expect(byCode.total).toBe(1);
    expect(await app().login('demo', 'Demo@123')).toBeTruthy();
  });

  it('sends sign-up codes to one number once a minute, and from one address at most twenty a day', async () => {
    const phone = newPhone();
    const ask = (contactPhone: string, remoteAddress = '203.0.113.77') =>
      app().app.inject({
        method: 'POST',
        url: '/api/admin/register/getCode',
        remoteAddress,
        payload: { contactPhone },
      });
    const first = await ask(phone);
    const again = await ask(phone);
    expect(again.json()).toEqual(first.json()); // the same answer, but no second SMS
    const sent = await app()
      .services.db.select()
      .from(sandboxMessages)
      .where(eq(sandboxMessages.recipient, phone));
    expect(sent).toHaveLength(1);
    for (let i = 3; i <= 20; i++) expect((await ask(newPhone())).statusCode).toBe(200);
    const over = await ask(newPhone());
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('今日验证码发送次数已达上限，请明天再试');
    expect((await ask(newPhone(), '203.0.113.78')).statusCode).toBe(200);
  });

  it('refuses malformed and checksum-failing credit codes, plain and weak passwords, and bad codes before any lookup', async () => {
    const phone = newPhone();
    const code = await registerCode(phone);
    const body = (o: Record<string, unknown>) => ({
      companyName: '校验公司',
      creditCode: newCreditCode(),
      contactName: '赵六',
      contactPhone: phone,
      username: `v${Math.random().toString(36).slice(2, 9)}`,
      password: app().encrypt('Valid@2024'),
      code,
      ...o,
    });
    const post = (o: Record<string, unknown>) => api(app(), null, 'POST', '/api/admin/register', body(o));
    expect((await post({ creditCode: 'ABC' })).json().code).toBe('CREDIT_CODE_MALFORMED');
    const checksum = await post({ creditCode: badChecksum(newCreditCode()) });
    expect(checksum.statusCode).toBe(400);
    expect(checksum.json().code).toBe('CREDIT_CODE_CHECKSUM');
    expect((await post({ creditCode: '330106123456789' })).json().code).toBe('CREDIT_CODE_MALFORMED');
    expect((await post({ password: 'Repeat@2024' })).json().code).toBe('PASSWORD_NOT_ENCRYPTED');
    expect((await post({ password: app().encrypt('short') })).json().code).toBe('PASSWORD_WEAK');
    expect((await post({ contactPhone: '123' })).statusCode).toBe(400);
    expect((await post({ code: code === '000000' ? '111111' : '000000' })).json().code).toBe('CODE_INVALID');
    // None of those refusals used the code up (the wrong one counted once); it still opens the company.
    const ok = await post({});
    expect(ok.json()).toMatchObject({ submitted: true });
    expect(await lastSmsTo(phone)).toContain('已开通发票云');
    // A code opens once.
    expect((await post({ username: 'another1' })).json().code).toBe('CODE_INVALID');
  });
});
