import { messageProviders, resourceChanges, users } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearProviders } from './delivery-providers-helpers.ts';
import { bearer, useTestApp } from '../harness.ts';

/**
 * Issue 14 §3: the platform's provider pages (/smsMessage/smsFacilitatorManage, /emailMessage/
 * emailFacilitatorManage) and a tenant's 企业邮箱: secrets masked in every answer and kept when sent back
 * masked, kind-specific validation, test send with the provider's answer, audit, isolation.
 */
const app = useTestApp();
let admin: string;
let demo: string;
let brand: string;

beforeAll(async () => {
  admin = await app().login('admin', 'Admin@123');
  demo = await app().login('demo', 'Demo@123');
  brand = await app().login('brand', 'Brand@123');
});
beforeEach(async () => {
  await clearProviders(app().services.db);
});

const SMS = '/api/admin/v1/smsProviders';
const EMAIL = '/api/admin/v1/emailProviders';
const MAIL = '/api/admin/v1/parameterSetting/enterpriseMail';

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app().app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const aliyun = (over: Record<string, unknown> = {}) => ({
  kind: 'aliyun',
  name: '阿里云主账号',
  priority: 1,
  weight: 2,
  config: {
    accessKeyId: 'LTAI5tAdmin',
    accessKeySecret: 'top-secret-1',
    signName: '发票云',
    templateCode: 'SMS_1',
    ...over,
  },
});

const storedConfig = async (id: number) => {
  const [row] = await app().services.db.select().from(messageProviders).where(eq(messageProviders.id, id));
  return row.config as Record<string, unknown>;
};

describe('platform provider accounts', () => {
  it('creates, lists and edits an account without ever answering its secret', async () => {
    const created = await call(admin, 'POST', SMS, aliyun());
    expect(created.statusCode).toBe(200);
    const row = created.json();
    expect(row).toMatchObject({
      channel: 'sms',
      kind: 'aliyun',
      tenantId: null,
      priority: 1,
      weight: 2,
      enabled: true,
      config: {
        accessKeyId: 'LTAI5tAdmin',
        accessKeySecret: '******',
        endpoint: 'dysmsapi.aliyuncs.com',
        protocol: 'https',
      },
    });
    expect(JSON.stringify(row)).not.toContain('top-secret-1');
    const list = await call(admin, 'GET', SMS);
    expect(list.json().rows.map((r: { id: number }) => r.id)).toEqual([row.id]);
    expect(list.body).not.toContain('top-secret-1');
    expect((await storedConfig(row.id)).accessKeySecret).toBe('top-secret-1');

    // Sent back masked: the secret stays; the token for receipts stays too.
    const token = (await storedConfig(row.id)).callbackToken;
    const edited = await call(admin, 'PUT', `${SMS}/${row.id}`, {
      ...aliyun({ accessKeySecret: '******', signName: '新签名' }),
      name: '改名',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: '改名',
      config: { signName: '新签名', accessKeySecret: '******' },
    });
    expect(await storedConfig(row.id)).toMatchObject({
      accessKeySecret: 'top-secret-1',
      callbackToken: token,
    });
    // A new secret replaces it.
    await call(admin, 'PUT', `${SMS}/${row.id}`, aliyun({ accessKeySecret: 'top-secret-2' }));
    expect((await storedConfig(row.id)).accessKeySecret).toBe('top-secret-2');
  });

  it('asks for the secret when there is none to keep, and refuses a kind of the other channel', async () => {
    const missing = await call(admin, 'POST', SMS, aliyun({ accessKeySecret: '' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('请输入AccessKey Secret（字段 config.accessKeySecret）');
    const created = (await call(admin, 'POST', SMS, aliyun())).json();
    // Switching kind: the aliyun secret is no SecretKey.
    const switched = await call(admin, 'PUT', `${SMS}/${created.id}`, {
      kind: 'tencent',
      name: '腾讯云',
      config: { secretId: 'AKID', secretKey: '******', sdkAppId: '1400000001', signName: '发票云' },
    });
    expect(switched.statusCode).toBe(400);
    expect(switched.json().message).toContain('SecretKey');
    const wrongKind = await call(admin, 'POST', EMAIL, aliyun());
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().code).toBe('PROVIDER_KIND_MISMATCH');
    const en = await app().app.inject({
      method: 'POST',
      url: SMS,
      headers: { ...bearer(admin), 'x-locale': 'en' },
      payload: { kind: 'smtp', name: 'x', config: {} },
    });
    expect(en.statusCode).toBe(400);
  });

  it('names the field of bad input in Chinese', async () => {
    const res = await call(admin, 'POST', EMAIL, {
      kind: 'smtp',
      name: '企业邮',
      config: { host: 'smtp.example.com', port: 70000, from: 'a@example.com' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('端口须为1–65535的整数（字段 config.port）');
    const weight = await call(admin, 'POST', SMS, { ...aliyun(), weight: 0 });
    expect(weight.json().message).toBe('权重须为1–100的整数（字段 weight）');
    const endpoint = await call(admin, 'POST', SMS, aliyun({ endpoint: 'https://evil.example/x' }));
    expect(endpoint.statusCode).toBe(400);
  });

  it('enables, disables and deletes, auditing each write without secrets', async () => {
    const row = (await call(admin, 'POST', SMS, aliyun())).json();
    expect((await call(admin, 'PUT', `${SMS}/${row.id}/status`, { enabled: false })).json().enabled).toBe(
      false,
    );
    expect((await call(admin, 'PUT', `${EMAIL}/${row.id}/status`, { enabled: true })).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `${SMS}/${row.id}`)).json()).toEqual({ ok: true });
    expect((await call(admin, 'DELETE', `${SMS}/${row.id}`)).statusCode).toBe(404);
    const audit = await app()
      .services.db.select()
      .from(resourceChanges)
      .where(and(eq(resourceChanges.resource, 'messageProvider'), eq(resourceChanges.recordId, row.id)));
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(audit[0].actorName).toBeTruthy();
    expect(JSON.stringify(audit)).not.toContain('top-secret-1');
  });

  it("test-sends through exactly that account and shows the provider's answer or refusal", async () => {
    const row = (await call(admin, 'POST', SMS, { kind: 'sandbox', name: '沙箱', config: {} })).json();
    const ok = await call(admin, 'POST', `${SMS}/${row.id}/test`, { to: '13800138000' });
    expect(ok.json()).toMatchObject({
      accepted: true,
      providerMessageId: expect.stringMatching(/^sbx-\d+$/),
    });
    const refused = await call(admin, 'POST', `${SMS}/${row.id}/test`, { to: '17000000000' });
    expect(refused.json()).toMatchObject({
      accepted: false,
      code: 'MOBILE_NUMBER_ILLEGAL',
      retryable: false,
    });
    const bad = await call(admin, 'POST', `${SMS}/${row.id}/test`, { to: 'not-a-number' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('手机号码格式不正确');
    const mail = (
      await call(admin, 'POST', EMAIL, {
        kind: 'smtp',
        name: '不可达',
        config: { host: '127.0.0.1', port: 1, from: 'a@example.com', user: null },
      })
    ).json();
    const down = await call(admin, 'POST', `${EMAIL}/${mail.id}/test`, { to: 'x@example.com' });
    expect(down.json()).toMatchObject({ accepted: false, retryable: true });
  });

  it('is for platform administrators only', async () => {
    for (const [method, url] of [
      ['GET', SMS],
      ['POST', SMS],
      ['GET', EMAIL],
    ] as const) {
      expect((await call(demo, method, url, method === 'POST' ? aliyun() : undefined)).statusCode).toBe(403);
    }
  });
});

describe('企业邮箱 (enterpriseMail)', () => {
  const mailbox = (over: Record<string, unknown> = {}) => ({
    host: 'smtp.exmail.qq.com',
    port: 465,
    secure: true,
    user: 'fapiao@demo.example',
    pass: 'mailbox-pass',
    from: 'fapiao@demo.example',
    fromName: '演示企业',
    ...over,
  });

  it("saves the company's own mailbox as its account, masked, and keeps companies apart", async () => {
    expect((await call(demo, 'GET', MAIL)).json()).toMatchObject({ configured: false, pass: '' });
    const saved = await call(demo, 'POST', MAIL, mailbox());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      configured: true,
      enabled: true,
      host: 'smtp.exmail.qq.com',
      pass: '******',
    });
    expect(saved.body).not.toContain('mailbox-pass');
    const [demoUser] = await app().services.db.select().from(users).where(eq(users.username, 'demo'));
    const rows = await app()
      .services.db.select()
      .from(messageProviders)
      .where(eq(messageProviders.tenantId, demoUser.tenantId as number));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'email', kind: 'smtp', priority: 0 });

    // Saved again with the masked password: the password stays, the row is the same.
    await call(demo, 'POST', MAIL, mailbox({ pass: '******', fromName: '演示' }));
    expect((await storedConfig(rows[0].id)).pass).toBe('mailbox-pass');
    expect((await call(demo, 'GET', MAIL)).json().fromName).toBe('演示');

    // Another company sees none of it, and its own save makes its own row.
    expect((await call(brand, 'GET', MAIL)).json().configured).toBe(false);
    await call(brand, 'POST', MAIL, mailbox({ from: 'brand@example.com', pass: 'brand-pass' }));
    expect((await storedConfig(rows[0].id)).from).toBe('fapiao@demo.example');
    // The platform's pages do not list companies' mailboxes.
    expect((await call(admin, 'GET', EMAIL)).json().rows).toEqual([]);
  });

  it('refuses a platform account, checks fields, and tests the saved mailbox', async () => {
    expect((await call(admin, 'POST', MAIL, mailbox())).statusCode).toBe(400);
    const bad = await call(demo, 'POST', MAIL, mailbox({ from: 'not-an-address' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('发件人地址格式不正确');
    await call(demo, 'POST', MAIL, mailbox({ host: '127.0.0.1', port: 1, secure: false }));
    const test = await call(demo, 'POST', `${MAIL}/test`, { to: 'me@example.com' });
    expect(test.json()).toMatchObject({ accepted: false, retryable: true });
  });
});
