import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/gateways/messaging/gateway.ts';
import { clearProviders, insertProvider } from './delivery-providers-helpers.ts';
import { bearer, useTestApp } from '../harness.ts';
import { type AliyunStandIn, startAliyunStandIn } from '../stand-ins/aliyun-sms.ts';
import { startTencentStandIn, type TencentStandIn } from '../stand-ins/tencent-sms.ts';

/**
 * Issue 14 §1: 阿里云 and 腾讯云 only send approved templates, so an SMS account names a template per scene
 * (invoice delivery, verification code, notice). The real SDKs against the stand-ins: a message without an
 * explicit code goes with its scene's template; verification codes (the notifier) go with the verify_code
 * template and { code }; an account without that template hands the code over to the next account.
 */
const app = useTestApp();
let ali: AliyunStandIn;
let tc: TencentStandIn;
const ALI = { accessKeyId: 'LTAI5tScenes', accessKeySecret: 'ali-secret-2' };
const TC = { secretId: 'AKIDScenes', secretKey: 'tc-secret-2', sdkAppId: '1400000002' };

beforeAll(async () => {
  ali = await startAliyunStandIn({
    keys: { [ALI.accessKeyId]: ALI.accessKeySecret },
    signNames: ['发票云'],
    templates: {
      SMS_INVOICE: ['buyerName', 'link'],
      SMS_CODE: ['code'],
      SMS_NOTICE: [],
    },
  });
  tc = await startTencentStandIn({
    keys: { [TC.secretId]: TC.secretKey },
    sdkAppIds: [TC.sdkAppId],
    signNames: ['发票云'],
    templates: { '2001': 2, '3001': 1 },
  });
});
afterAll(async () => {
  await ali?.close();
  await tc?.close();
});
beforeEach(async () => {
  await clearProviders(app().services.db);
});

const aliyun = (over: Record<string, unknown> = {}) => ({
  ...ALI,
  signName: '发票云',
  endpoint: ali.endpoint,
  protocol: 'http',
  invoiceTemplate: 'SMS_INVOICE',
  verifyCodeTemplate: 'SMS_CODE',
  noticeTemplate: 'SMS_NOTICE',
  ...over,
});
const tencent = (over: Record<string, unknown> = {}) => ({
  ...TC,
  signName: '发票云',
  endpoint: tc.endpoint,
  protocol: 'http',
  templateId: '2001',
  verifyCodeTemplate: '3001',
  ...over,
});

const askRegisterCode = (phone: string) =>
  app().app.inject({
    method: 'POST',
    url: '/api/admin/register/getCode',
    payload: { contactPhone: phone },
  });

describe('SMS templates per scene', () => {
  it("sends each scene with the account's template for it, and an explicit code wins", async () => {
    const t = app();
    await insertProvider(t.services.db, { channel: 'sms', kind: 'aliyun', config: aliyun() });
    const params = { buyerName: '张三', link: 'https://fp.example/s/abc' };
    const text = '张三您好，您的发票：https://fp.example/s/abc';
    await t.services.gateways.messaging.sendSms(null, {
      mobile: '13800138101',
      text,
      templateParams: params,
    });
    await t.services.gateways.messaging.sendSms(null, {
      mobile: '13800138102',
      text,
      scene: 'invoice_delivery',
      templateParams: params,
    });
    await t.services.gateways.messaging.sendSms(null, {
      mobile: '13800138103',
      text: '通知',
      scene: 'notice',
      templateParams: {},
    });
    await t.services.gateways.messaging.sendSms(null, {
      mobile: '13800138104',
      text: '验证码 123456',
      scene: 'notice',
      templateCode: 'SMS_CODE',
      templateParams: { code: '123456' },
    });
    const sent = (phone: string) => ali.messages.find((m) => m.phone === phone);
    expect(sent('13800138101')).toMatchObject({ templateCode: 'SMS_INVOICE', params });
    expect(sent('13800138102')).toMatchObject({ templateCode: 'SMS_INVOICE', params });
    expect(sent('13800138103')).toMatchObject({ templateCode: 'SMS_NOTICE', params: {} });
    expect(sent('13800138104')).toMatchObject({ templateCode: 'SMS_CODE', params: { code: '123456' } });
  });

  it('sends verification codes through the real provider with the verify_code template and { code }', async () => {
    const t = app();
    await insertProvider(t.services.db, { channel: 'sms', kind: 'aliyun', config: aliyun() });
    expect((await askRegisterCode('13800138111')).statusCode).toBe(200);
    const m = ali.messages.find((x) => x.phone === '13800138111');
    expect(m).toMatchObject({ templateCode: 'SMS_CODE', signName: '发票云' });
    expect(Object.keys(m!.params)).toEqual(['code']);
    expect(m!.params.code).toMatch(/^\d{6}$/);
  });

  it('an account without the scene template refuses it (never the default template) and the next sends it', async () => {
    const t = app();
    // 阿里云 first, with only a default (invoice) template; 腾讯云 second, with a verify_code template.
    await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'aliyun',
      priority: 1,
      config: aliyun({
        templateCode: 'SMS_INVOICE',
        invoiceTemplate: null,
        verifyCodeTemplate: null,
        noticeTemplate: null,
      }),
    });
    await insertProvider(t.services.db, { channel: 'sms', kind: 'tencent', priority: 2, config: tencent() });
    const before = ali.messages.length;
    expect((await askRegisterCode('13800138121')).statusCode).toBe(200);
    expect(ali.messages.length).toBe(before);
    const m = tc.messages.find((x) => x.phone === '13800138121');
    expect(m?.templateId).toBe('3001');
    expect(m?.params).toHaveLength(1);
    expect(m?.params[0]).toMatch(/^\d{6}$/);

    // Alone, that account refuses the code with TEMPLATE_REQUIRED and names the scene.
    await clearProviders(t.services.db);
    await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'aliyun',
      config: aliyun({ templateCode: 'SMS_INVOICE', verifyCodeTemplate: null }),
    });
    const err = await t.services.gateways.messaging
      .sendSms(null, {
        mobile: '13800138122',
        text: 'x',
        scene: 'verify_code',
        templateParams: { code: '1' },
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).code).toBe('TEMPLATE_REQUIRED');
    expect((err as ProviderError).message).toContain('验证码');
    // The invoice scene still falls back to the default template.
    await t.services.gateways.messaging.sendSms(null, {
      mobile: '13800138123',
      text: 'x',
      templateParams: { buyerName: '李四', link: 'https://fp.example/s/x' },
    });
    expect(ali.messages.find((x) => x.phone === '13800138123')?.templateCode).toBe('SMS_INVOICE');
  });

  it('keeps the scene templates on the provider page (not secrets, answered as saved)', async () => {
    const t = app();
    const admin = await t.login('admin', 'Admin@123');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/smsProviders',
      headers: bearer(admin),
      payload: {
        kind: 'tencent',
        name: '腾讯云',
        config: tencent({ invoiceTemplate: '2001', noticeTemplate: '' }),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().config).toMatchObject({
      invoiceTemplate: '2001',
      verifyCodeTemplate: '3001',
      noticeTemplate: null,
      secretKey: '******',
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/smsProviders',
      headers: bearer(admin),
      payload: { kind: 'tencent', name: 'x', config: tencent({ verifyCodeTemplate: 'x'.repeat(33) }) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('验证码模板');
  });
});
