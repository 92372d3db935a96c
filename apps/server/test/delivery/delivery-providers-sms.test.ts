import { ProviderError } from '../../src/gateways/messaging/gateway.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createMessagingGateway,
  RECEIPT_POLL_TASK,
  setPendingSource,
} from '../../src/modules/delivery/providers/index.ts';
import {
  clearProviders,
  collectReceipts,
  gatewayOf,
  insertProvider,
  seeded,
} from './delivery-providers-helpers.ts';
import { useTestApp } from '../harness.ts';
import { type AliyunStandIn, startAliyunStandIn } from '../stand-ins/aliyun-sms.ts';
import { startTencentStandIn, type TencentStandIn } from '../stand-ins/tencent-sms.ts';

/**
 * Issue 14 §1: the real SDKs (阿里云 @alicloud/dysmsapi20170525, 腾讯云 tencentcloud-sdk-nodejs-sms) against local
 * stand-ins that verify their signatures and answer as the providers document; failover, weights, receipts.
 */
const app = useTestApp();
let ali: AliyunStandIn;
let tc: TencentStandIn;

const ALI = { accessKeyId: 'LTAI5tStandIn', accessKeySecret: 'ali-secret-1' };
const TC = { secretId: 'AKIDStandIn', secretKey: 'tc-secret-1', sdkAppId: '1400000001' };

beforeAll(async () => {
  ali = await startAliyunStandIn({
    keys: { [ALI.accessKeyId]: ALI.accessKeySecret },
    signNames: ['发票云'],
    templates: { SMS_300001: ['buyer', 'link'] },
  });
  tc = await startTencentStandIn({
    keys: { [TC.secretId]: TC.secretKey },
    sdkAppIds: [TC.sdkAppId],
    signNames: ['发票云'],
    templates: { '2001': 2 },
  });
});
afterAll(async () => {
  await ali?.close();
  await tc?.close();
});

const aliyunConfig = (over: Record<string, unknown> = {}) => ({
  ...ALI,
  signName: '发票云',
  templateCode: 'SMS_300001',
  endpoint: ali.endpoint,
  protocol: 'http',
  regionId: 'cn-hangzhou',
  ...over,
});
const tencentConfig = (over: Record<string, unknown> = {}) => ({
  ...TC,
  signName: '发票云',
  templateId: '2001',
  endpoint: tc.endpoint,
  protocol: 'http',
  region: 'ap-guangzhou',
  ...over,
});

const sms = (mobile: string) => ({
  mobile,
  text: '张三您好，您的发票已开具：https://fp.example/s/abc',
  templateParams: { buyer: '张三', link: 'https://fp.example/s/abc' },
});

async function refusalOf(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

beforeEach(async () => {
  await clearProviders(app().services.db);
  ali.errorFor.clear();
  tc.errorFor.clear();
  Object.assign(ali.state, { down: false, hang: false });
  Object.assign(tc.state, { down: false, hang: false, balance: Number.POSITIVE_INFINITY });
});

describe('阿里云 SMS through the official SDK', () => {
  it('sends with signature, template and parameters, and reports what the provider accepted', async () => {
    const t = app();
    const row = await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'aliyun',
      config: aliyunConfig(),
    });
    const accepted = await t.services.gateways.messaging.sendSms(null, sms('13800138000'));
    const sent = ali.messages.at(-1);
    expect(sent).toMatchObject({
      phone: '13800138000',
      signName: '发票云',
      templateCode: 'SMS_300001',
      params: { buyer: '张三', link: 'https://fp.example/s/abc' },
    });
    expect(accepted).toEqual({
      providerId: row.id,
      providerKind: 'aliyun',
      providerMessageId: sent?.bizId,
      units: 1,
    });
  });

  it('is refused when the signature does not verify (wrong AccessKey Secret)', async () => {
    const t = app();
    await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'aliyun',
      config: aliyunConfig({ accessKeySecret: 'not-the-secret' }),
    });
    const before = ali.messages.length;
    const err = await refusalOf(t.services.gateways.messaging.sendSms(null, sms('13800138000')));
    expect(err.code).toBe('SignatureDoesNotMatch');
    expect(err.retryable).toBe(false);
    expect(ali.messages.length).toBe(before);
  });

  it.each([
    ['isv.MOBILE_NUMBER_ILLEGAL', '1380013800', false],
    ['isv.BLACK_KEY_CONTROL_LIMIT', '13800000011', false],
    ['isv.AMOUNT_NOT_ENOUGH', '13800000012', false],
    ['isv.BUSINESS_LIMIT_CONTROL', '13800000013', true],
  ])('maps %s to a failure with that code (retryable %s)', async (code, mobile, retryable) => {
    const t = app();
    await insertProvider(t.services.db, { channel: 'sms', kind: 'aliyun', config: aliyunConfig() });
    if (code !== 'isv.MOBILE_NUMBER_ILLEGAL') ali.errorFor.set(mobile, code);
    const err = await refusalOf(t.services.gateways.messaging.sendSms(null, sms(mobile)));
    expect(err.code).toBe(code);
    expect(err.retryable).toBe(retryable);
  });

  it('refuses a template or signature the account has not had approved', async () => {
    const t = app();
    await insertProvider(t.services.db, { channel: 'sms', kind: 'aliyun', config: aliyunConfig() });
    const badTemplate = await refusalOf(
      t.services.gateways.messaging.sendSms(null, { ...sms('13800138000'), templateCode: 'SMS_999' }),
    );
    expect(badTemplate.code).toBe('isv.SMS_TEMPLATE_ILLEGAL');
    // The account's own 签名 is what goes out (a message's is only a fallback): one not approved is refused.
    await clearProviders(t.services.db);
    await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'aliyun',
      config: aliyunConfig({ signName: '别家' }),
    });
    const badSign = await refusalOf(
      t.services.gateways.messaging.sendSms(null, { ...sms('13800138000'), signName: '发票云' }),
    );
    expect(badSign.code).toBe('isv.SMS_SIGNATURE_ILLEGAL');
  });
});

describe('腾讯云 SMS through the official SDK', () => {
  it('sends with SdkAppId, signature, template id and parameters in order', async () => {
    const t = app();
    const row = await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'tencent',
      config: tencentConfig(),
    });
    const accepted = await t.services.gateways.messaging.sendSms(null, sms('13800138000'));
    const sent = tc.messages.at(-1);
    expect(sent).toMatchObject({
      phone: '13800138000',
      sdkAppId: TC.sdkAppId,
      signName: '发票云',
      templateId: '2001',
      params: ['张三', 'https://fp.example/s/abc'],
    });
    expect(accepted).toMatchObject({
      providerId: row.id,
      providerKind: 'tencent',
      providerMessageId: sent?.serialNo,
    });
  });

  it('is refused when the TC3 signature does not verify', async () => {
    const t = app();
    await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'tencent',
      config: tencentConfig({ secretKey: 'wrong' }),
    });
    const err = await refusalOf(t.services.gateways.messaging.sendSms(null, sms('13800138000')));
    expect(err.code).toBe('AuthFailure.SignatureFailure');
    expect(err.retryable).toBe(false);
  });

  it.each([
    ['InvalidParameterValue.IncorrectPhoneNumber', '12345', false],
    ['LimitExceeded.PhoneNumberDailyLimit', '13800000021', true],
    ['FailedOperation.PhoneNumberInBlacklist', '13800000022', false],
  ])('maps %s to a failure with that code (retryable %s)', async (code, mobile, retryable) => {
    const t = app();
    await insertProvider(t.services.db, { channel: 'sms', kind: 'tencent', config: tencentConfig() });
    if (code !== 'InvalidParameterValue.IncorrectPhoneNumber') tc.errorFor.set(mobile, code);
    const err = await refusalOf(t.services.gateways.messaging.sendSms(null, sms(mobile)));
    expect(err.code).toBe(code);
    expect(err.retryable).toBe(retryable);
  });

  it('maps an exhausted package and an unapproved signature', async () => {
    const t = app();
    await insertProvider(t.services.db, { channel: 'sms', kind: 'tencent', config: tencentConfig() });
    tc.state.balance = 0;
    expect((await refusalOf(t.services.gateways.messaging.sendSms(null, sms('13800138000')))).code).toBe(
      'FailedOperation.InsufficientBalanceInSmsPackage',
    );
    tc.state.balance = Number.POSITIVE_INFINITY;
    await clearProviders(t.services.db);
    await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'tencent',
      config: tencentConfig({ signName: '别家' }),
    });
    const err = await refusalOf(
      t.services.gateways.messaging.sendSms(null, { ...sms('13800138000'), signName: '发票云' }),
    );
    expect(err.code).toBe('FailedOperation.SignatureIncorrectOrUnapproved');
  });
});

describe('failover between accounts', () => {
  it('moves from a failing first account to the second, and reports the second', async () => {
    const t = app();
    await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'aliyun',
      priority: 1,
      config: aliyunConfig({ accessKeySecret: 'revoked' }),
    });
    const second = await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'tencent',
      priority: 2,
      config: tencentConfig(),
    });
    const accepted = await t.services.gateways.messaging.sendSms(null, sms('13800138000'));
    expect(accepted.providerId).toBe(second.id);
    expect(accepted.providerKind).toBe('tencent');
  });

  it('fails over when the first account is down or does not answer in time', async () => {
    const t = app();
    await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'aliyun',
      priority: 1,
      config: aliyunConfig(),
    });
    const second = await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'tencent',
      priority: 2,
      config: tencentConfig(),
    });
    ali.state.down = true;
    expect((await t.services.gateways.messaging.sendSms(null, sms('13800138000'))).providerId).toBe(
      second.id,
    );
    ali.state.down = false;
    ali.state.hang = true;
    const accepted = await t.services.gateways.messaging.sendSms(null, sms('13800138000'), {
      timeoutMs: 300,
    });
    expect(accepted.providerId).toBe(second.id);
  });

  it('stops at once when the provider refuses the message itself, and never reports it accepted', async () => {
    const t = app();
    await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'aliyun',
      priority: 1,
      config: aliyunConfig(),
    });
    await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'tencent',
      priority: 2,
      config: tencentConfig(),
    });
    const tencentCalls = tc.calls;
    const err = await refusalOf(t.services.gateways.messaging.sendSms(null, sms('1380013800')));
    expect(err.code).toBe('isv.MOBILE_NUMBER_ILLEGAL');
    expect(err.retryable).toBe(false);
    expect(tc.calls).toBe(tencentCalls);
  });

  it('is retryable when every account failed and one of them only for the moment', async () => {
    const t = app();
    await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'aliyun',
      priority: 1,
      config: aliyunConfig({ accessKeySecret: 'revoked' }),
    });
    await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'tencent',
      priority: 2,
      config: tencentConfig(),
    });
    tc.state.down = true;
    const err = await refusalOf(t.services.gateways.messaging.sendSms(null, sms('13800138000')));
    expect(err.retryable).toBe(true);
    expect(err.code).toBe('HTTP_502');
  });

  it('shares equal priorities by weight, and uses a lower priority only when the higher fail', async () => {
    const t = app();
    const heavy = await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'tencent',
      priority: 5,
      weight: 3,
      config: tencentConfig(),
    });
    const light = await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'tencent',
      priority: 5,
      weight: 1,
      config: tencentConfig(),
    });
    const backup = await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'aliyun',
      priority: 9,
      weight: 100,
      config: aliyunConfig(),
    });
    const gateway = createMessagingGateway(t.services.db, {
      random: seeded(14),
      outbound: t.services.outbound,
    });
    const counts = new Map<number, number>();
    for (let i = 0; i < 200; i++) {
      const a = await gateway.sendSms(null, sms('13800138000'));
      counts.set(a.providerId, (counts.get(a.providerId) ?? 0) + 1);
    }
    await gateway.close();
    const share = (counts.get(heavy.id) ?? 0) / 200;
    expect(share).toBeGreaterThan(0.65);
    expect(share).toBeLessThan(0.85);
    expect((counts.get(heavy.id) ?? 0) + (counts.get(light.id) ?? 0)).toBe(200);
    expect(counts.get(backup.id)).toBeUndefined();
  });
});

describe('receipts (状态报告)', () => {
  it('polls 阿里云 for what is pending and 腾讯云 for its queue, and hands them to the handlers', async () => {
    const t = app();
    const got = collectReceipts(t);
    const aliRow = await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'aliyun',
      priority: 1,
      config: aliyunConfig(),
    });
    const tcRow = await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'tencent',
      priority: 2,
      config: tencentConfig(),
    });
    const viaAli = await t.services.gateways.messaging.sendSms(null, sms('13800138001'));
    // 阿里云's balance is gone for this number: the message fails over to 腾讯云.
    ali.errorFor.set('13800138002', 'isv.AMOUNT_NOT_ENOUGH');
    const viaTc = await t.services.gateways.messaging.sendSms(null, sms('13800138002'));
    expect([viaAli.providerId, viaTc.providerId]).toEqual([aliRow.id, tcRow.id]);
    // What the dispatch module would answer: the 阿里云 message still waits for its receipt.
    setPendingSource(t.services, async (providerId) =>
      providerId === aliRow.id
        ? [{ providerMessageId: viaAli.providerMessageId, recipient: '13800138001', acceptedAt: new Date() }]
        : [],
    );
    ali.settle('delivered', viaAli.providerMessageId);
    tc.settle({ failed: 'MN:0001' }, viaTc.providerMessageId);
    await t.services.scheduler.runNow(RECEIPT_POLL_TASK);
    expect(got.find((r) => r.providerMessageId === viaAli.providerMessageId)).toMatchObject({
      status: 'delivered',
      code: 'DELIVERED',
    });
    expect(got.find((r) => r.providerMessageId === viaTc.providerMessageId)).toMatchObject({
      providerId: tcRow.id,
      status: 'failed',
      code: 'FAIL',
    });
    // Tencent hands each status out once.
    const seen = got.length;
    await t.services.scheduler.runNow(RECEIPT_POLL_TASK);
    expect(got.filter((r) => r.providerMessageId === viaTc.providerMessageId)).toHaveLength(1);
    expect(got.length).toBeGreaterThanOrEqual(seen);
  });

  it('accepts pushed reports only with the account token, and answers unknown accounts alike', async () => {
    const t = app();
    const got = collectReceipts(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/smsProviders',
      headers: { authorization: `Bearer ${await t.login('admin', 'Admin@123')}` },
      payload: { kind: 'aliyun', name: '阿里云主账号', config: aliyunConfig() },
    });
    expect(created.statusCode).toBe(200);
    const path = created.json().receiptPath as string;
    expect(path).toMatch(/^\/api\/public\/v1\/smsReceipts\/aliyun\/\d+\?token=[\w-]{20,}$/);
    const report = [
      {
        phone_number: '13800138000',
        send_time: '2026-11-25 10:00:00',
        report_time: '2026-11-25 10:00:05',
        success: false,
        err_code: 'IC:0001',
        err_msg: '空号',
        sms_size: '1',
        biz_id: '123456^0',
        out_id: '',
      },
    ];
    const ok = await t.app.inject({ method: 'POST', url: path, payload: report });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ code: 0, msg: '接收成功' });
    expect(got).toContainEqual(
      expect.objectContaining({
        providerMessageId: '123456^0',
        status: 'failed',
        code: 'IC:0001',
        message: '空号',
      }),
    );
    const wrongToken = await t.app.inject({
      method: 'POST',
      url: path.replace(/token=.*/, 'token=guess'),
      payload: report,
    });
    const unknownId = await t.app.inject({
      method: 'POST',
      url: path.replace(/aliyun\/\d+/, 'aliyun/987654'),
      payload: report,
    });
    expect(wrongToken.statusCode).toBe(404);
    expect(unknownId.statusCode).toBe(404);
    expect(unknownId.json().message).toBe(wrongToken.json().message);
    expect(got.filter((r) => r.providerMessageId === '123456^0')).toHaveLength(1);
  });

  it('takes 腾讯云 callbacks for a tencent account', async () => {
    const t = app();
    const got = collectReceipts(t);
    const token = await t.login('admin', 'Admin@123');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/smsProviders',
      headers: { authorization: `Bearer ${token}` },
      payload: { kind: 'tencent', name: '腾讯云', config: tencentConfig() },
    });
    const path = created.json().receiptPath as string;
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      payload: [
        {
          user_receive_time: '2026-11-25 08:03:04',
          nationcode: '86',
          mobile: '13800138000',
          report_status: 'SUCCESS',
          errmsg: 'DELIVRD',
          description: '用户短信送达成功',
          sid: '2433:abc',
        },
      ],
    });
    expect(res.json()).toEqual({ result: 0, errmsg: 'OK' });
    expect(got).toContainEqual(
      expect.objectContaining({ providerMessageId: '2433:abc', status: 'delivered', code: 'DELIVRD' }),
    );
    // The same account's token does not open the other kind's route.
    const cross = await t.app.inject({
      method: 'POST',
      url: path.replace('/tencent/', '/aliyun/'),
      payload: [],
    });
    expect(cross.statusCode).toBe(404);
  });
});

it('keeps the gateway in services', () => {
  expect(gatewayOf(app())).toBeDefined();
});
