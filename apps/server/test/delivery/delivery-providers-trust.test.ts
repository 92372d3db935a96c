import { createServer as createTlsServer } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { messageProviders } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearProviders } from './delivery-providers-helpers.ts';
import { bearer, useTestApp } from '../harness.ts';
import { INTERNAL_BANNER, INTERNAL_SECRET, startInternalListener } from '../stand-ins/internal-listener.ts';

/**
 * Issue 28 §1 (a test send answers the kind of failure in the user's language, never the remote's own bytes)
 * and §2 (a masked secret is kept only while its destination is unchanged). The harness allows loopback here,
 * as an installation relaying through an internal host would.
 */
const app = useTestApp();
let admin: string;
let demo: string;
let listener: Awaited<ReturnType<typeof startInternalListener>>;

beforeAll(async () => {
  admin = await app().login('admin', 'Admin@123');
  demo = await app().login('demo', 'Demo@123');
  listener = await startInternalListener();
});
afterAll(async () => {
  await listener?.close();
});
beforeEach(async () => {
  await clearProviders(app().services.db);
});

const SMS = '/api/admin/v1/smsProviders';
const EMAIL = '/api/admin/v1/emailProviders';
const MAIL = '/api/admin/v1/parameterSetting/enterpriseMail';

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  lang = 'zh-CN',
) =>
  app().app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': lang },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const storedConfig = async (id: number) => {
  const [row] = await app().services.db.select().from(messageProviders).where(eq(messageProviders.id, id));
  return row.config as Record<string, unknown>;
};

const mailbox = (over: Record<string, unknown> = {}) => ({
  host: 'smtp.exmail.qq.com',
  port: 465,
  secure: true,
  user: 'fapiao@demo.example',
  pass: 'mailbox-pass',
  from: 'fapiao@demo.example',
  ...over,
});

describe('a test send answers the kind of failure, never what the remote said', () => {
  it('authentication refused by an internal service: kind auth, no banner, no version, no remote text', async () => {
    await call(demo, 'POST', MAIL, mailbox({ host: '127.0.0.1', port: listener.port, secure: false }));
    for (const lang of ['zh-CN', 'en']) {
      const res = await call(demo, 'POST', `${MAIL}/test`, { to: 'me@example.com' }, lang);
      expect(res.json()).toMatchObject({ accepted: false, kind: 'auth', code: 'SMTP_535' });
      expect(res.json().message).toBe(
        lang === 'en' ? 'The user name, password or key was refused' : '用户名、密码或密钥验证失败',
      );
      for (const leak of [INTERNAL_BANNER, INTERNAL_SECRET, 'Vendor-MTA', '9.9.9', 'internal-cache-7'])
        expect(res.body).not.toContain(leak);
    }
  });

  it('refused, TLS mismatch both ways, and a rejected recipient', async () => {
    const closed = await call(admin, 'POST', EMAIL, {
      kind: 'smtp',
      name: '关闭的端口',
      config: mailbox({ host: '127.0.0.1', port: 1, secure: false, user: null, pass: '' }),
    });
    const refused = await call(admin, 'POST', `${EMAIL}/${closed.json().id}/test`, { to: 'x@example.com' });
    expect(refused.json()).toMatchObject({ accepted: false, kind: 'refused', retryable: true });
    expect(refused.json().message).toBe('服务器拒绝连接或无法连通');

    // SSL on, server plain: OpenSSL's "wrong version number" becomes "TLS", in words the user can act on.
    const sslOnPlain = await call(admin, 'POST', EMAIL, {
      kind: 'smtp',
      name: 'SSL 对明文',
      config: mailbox({ host: '127.0.0.1', port: listener.port, secure: true, user: null, pass: '' }),
    });
    const tls = await call(
      admin,
      'POST',
      `${EMAIL}/${sslOnPlain.json().id}/test`,
      { to: 'x@example.com' },
      'en',
    );
    expect(tls.json()).toMatchObject({ accepted: false, kind: 'tls' });
    expect(tls.json().message).toContain('SSL/TLS does not match');
    expect(tls.body).not.toMatch(/wrong version number|ssl3_get_record|openssl/i);

    // A TLS server whose certificate does not verify.
    const server = createTlsServer({}, (s) => s.destroy());
    server.on('tlsClientError', () => {});
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const tlsPort = (server.address() as AddressInfo).port;
    const badCert = await call(admin, 'POST', EMAIL, {
      kind: 'smtp',
      name: '证书',
      config: mailbox({ host: '127.0.0.1', port: tlsPort, secure: true, user: null, pass: '' }),
    });
    const cert = await call(admin, 'POST', `${EMAIL}/${badCert.json().id}/test`, { to: 'x@example.com' });
    expect(cert.json()).toMatchObject({ accepted: false, kind: 'tls' });
    server.close();

    const sandbox = await call(admin, 'POST', SMS, { kind: 'sandbox', name: '沙箱', config: {} });
    const number = await call(admin, 'POST', `${SMS}/${sandbox.json().id}/test`, { to: '17000000000' }, 'en');
    expect(number.json()).toMatchObject({
      accepted: false,
      kind: 'recipient',
      code: 'MOBILE_NUMBER_ILLEGAL',
    });
    expect(number.json().message).toBe('The recipient was refused or does not exist');
  });
});

describe('a masked secret stays only while its destination is unchanged', () => {
  it.each([
    ['host', { host: 'mail.attacker.example' }],
    ['port', { port: 2525 }],
    ['user', { user: 'someone@attacker.example' }],
    ['secure', { secure: false, port: 465 }],
    ['rejectUnauthorized', { rejectUnauthorized: false }],
  ])(
    '企业邮箱: %s changed with the password masked → 400 naming pass, stored password untouched',
    async (_f, change) => {
      const saved = (await call(demo, 'POST', MAIL, mailbox())).json();
      expect(saved.pass).toBe('******');
      const res = await call(demo, 'POST', MAIL, mailbox({ ...change, pass: '******' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'SECRET_DESTINATION_CHANGED', details: { field: 'pass' } });
      expect(res.json().message).toBe('目的地址已更改，请重新输入密码（字段 pass）');
      const en = await call(demo, 'POST', MAIL, mailbox({ ...change, pass: '' }), 'en');
      expect(en.json().message).toBe('The destination changed; enter the password again (field pass)');
      const [row] = await app().services.db.select().from(messageProviders);
      expect(row.config).toMatchObject({ host: 'smtp.exmail.qq.com', pass: 'mailbox-pass' });
      // Typed again, the change is saved with the new password; unchanged and masked, the password is kept.
      expect((await call(demo, 'POST', MAIL, mailbox({ ...change, pass: 'new-pass' }))).statusCode).toBe(200);
      expect(
        (await call(demo, 'POST', MAIL, mailbox({ ...change, pass: '******', fromName: 'x' }))).statusCode,
      ).toBe(200);
      expect((await storedConfig(row.id)).pass).toBe('new-pass');
    },
  );

  it.each([
    ['aliyun', 'accessKeySecret', { endpoint: 'sms.attacker.example' }],
    ['aliyun', 'accessKeySecret', { accessKeyId: 'LTAIother' }],
    ['aliyun', 'accessKeySecret', { regionId: 'cn-shanghai' }],
    ['aliyun', 'accessKeySecret', { protocol: 'http' }],
    ['tencent', 'secretKey', { endpoint: 'sms.attacker.example:8443' }],
    ['tencent', 'secretKey', { secretId: 'AKIDother' }],
    ['tencent', 'secretKey', { region: 'ap-beijing' }],
    ['smtp', 'pass', { host: 'smtp.attacker.example' }],
  ])('platform %s: %s kept only for the same destination (%o)', async (kind, secret, change) => {
    const configs: Record<string, Record<string, unknown>> = {
      aliyun: {
        accessKeyId: 'LTAI5t',
        accessKeySecret: 'ali-secret',
        signName: '发票云',
        templateCode: 'SMS_1',
      },
      tencent: {
        secretId: 'AKID1',
        secretKey: 'tc-secret',
        sdkAppId: '1400000000',
        signName: '发票云',
        templateId: '1',
      },
      smtp: mailbox({ pass: 'smtp-secret' }),
    };
    const base = (over: Record<string, unknown>) => ({
      kind,
      name: kind,
      config: { ...configs[kind], ...over },
    });
    const url = kind === 'smtp' ? EMAIL : SMS;
    const row = (await call(admin, 'POST', url, base({}))).json();
    const moved = await call(admin, 'PUT', `${url}/${row.id}`, base({ ...change, [secret]: '******' }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({
      code: 'SECRET_DESTINATION_CHANGED',
      details: { field: `config.${secret}` },
    });
    expect(moved.json().message).toContain(`字段 config.${secret}`);
    expect((await storedConfig(row.id))[secret]).toBe(configs[kind][secret]);
    const same = await call(
      admin,
      'PUT',
      `${url}/${row.id}`,
      base({ [secret]: '******', signName: '发票云2' }),
    );
    expect(same.statusCode).toBe(200);
    expect((await storedConfig(row.id))[secret]).toBe(configs[kind][secret]);
  });
});
