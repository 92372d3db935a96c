import { users } from '@fpy/db';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyReceipts } from '../../src/modules/delivery/dispatch/index.ts';
import { SANDBOX_PROVIDER_ID } from '../../src/modules/delivery/providers/index.ts';
import { insertProvider } from './delivery-providers-helpers.ts';
import {
  acceptedDelivery,
  type Outcome,
  pushReceipt,
  type ReceiptKind,
  receiptPath,
  stateOf,
} from './delivery-receipts-helpers.ts';
import { bearer, useTestApp } from '../harness.ts';

/**
 * Issue 28 §3: a receipt (bounce, DSN, SMS status report; pushed or polled) changes only deliveries sent through
 * the account that received it. A message id is no secret (it is in every recipient's mail headers): brand
 * posting demo's message id to brand's own endpoint must change nothing of demo's, either way.
 */
const app = useTestApp();
let tenant: { demo: number; brand: number };
/** The platform's accounts, which sent demo's messages, and brand's own of each kind (with their paths). */
const platform = {} as Record<ReceiptKind, { id: number; path: string }>;
const brands = {} as Record<ReceiptKind, { id: number; path: string }>;

beforeAll(async () => {
  const t = app();
  const rows = await t.services.db
    .select()
    .from(users)
    .where(inArray(users.username, ['demo', 'brand']));
  const of = (name: string) => rows.find((r) => r.username === name)!.tenantId!;
  tenant = { demo: of('demo'), brand: of('brand') };

  for (const kind of ['smtp', 'aliyun', 'tencent'] as const) {
    const token = `platform-${kind}-receipt-token-0123456789`;
    const row = await insertProvider(t.services.db, {
      channel: kind === 'smtp' ? 'email' : 'sms',
      kind,
      config: { callbackToken: token },
    });
    platform[kind] = { id: row.id, path: receiptPath(kind, row.id, token) };
  }
  // Brand's 企业邮箱, saved as a company does: its bounce address comes from the page's answer.
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/admin/v1/parameterSetting/enterpriseMail',
    headers: bearer(await t.login('brand', 'Brand@123')),
    payload: {
      host: 'smtp.exmail.qq.com',
      port: 465,
      secure: true,
      user: 'fapiao@brand.example',
      pass: 'brand-pass',
      from: 'fapiao@brand.example',
      fromName: '品牌企业',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const bouncePath = saved.json().bouncePath as string;
  expect(bouncePath).toMatch(/^\/api\/public\/v1\/mailBounces\/\d+\?token=/);
  brands.smtp = { id: Number(/mailBounces\/(\d+)/.exec(bouncePath)![1]), path: bouncePath };
  // SMS accounts a company owns (the gateway sends its messages through them first).
  for (const kind of ['aliyun', 'tencent'] as const) {
    const token = `brand-${kind}-receipt-token-0123456789`;
    const row = await insertProvider(t.services.db, {
      channel: 'sms',
      kind,
      tenantId: tenant.brand,
      config: { callbackToken: token },
    });
    brands[kind] = { id: row.id, path: receiptPath(kind, row.id, token) };
  }
});

const cases = (['smtp', 'aliyun', 'tencent'] as const).flatMap((kind) =>
  (
    [
      ['accepted', 'failed'],
      ['accepted', 'delivered'],
      ['failed', 'delivered'],
      ['delivered', 'failed'],
    ] as const
  ).map(([from, outcome]) => [kind, from, outcome] as const),
);

describe("another tenant's endpoint naming demo's message id", () => {
  it.each(cases)(
    '%s: a %s delivery of demo stays so under a pushed "%s" receipt',
    async (kind, from, outcome) => {
      const t = app();
      const db = t.services.db;
      const d = await acceptedDelivery(db, {
        tenantId: tenant.demo,
        providerId: platform[kind].id,
        kind,
        status: from,
      });
      const before = await stateOf(db, d.id);

      const res = await pushReceipt(t, brands[kind].path, kind, d.providerMessageId!, outcome as Outcome);
      // The endpoint answers as for any report it read (the provider must not retry), and applies nothing.
      expect(res.statusCode, res.body).toBe(200);
      expect(await stateOf(db, d.id)).toEqual(before);

      // The account that sent it is heard: the same report at its own endpoint moves the delivery.
      expect(
        (await pushReceipt(t, platform[kind].path, kind, d.providerMessageId!, outcome)).statusCode,
      ).toBe(200);
      expect(await stateOf(db, d.id)).toMatchObject({ status: outcome, events: before.events + 1 });
    },
  );

  it('a polled receipt binds to the polled account, and the sandbox only to what the sandbox sent', async () => {
    const db = app().services.db;
    const viaAli = await acceptedDelivery(db, {
      tenantId: tenant.demo,
      providerId: platform.aliyun.id,
      kind: 'aliyun',
    });
    const receipt = (providerId: number, providerMessageId: string) => ({
      providerId,
      providerMessageId,
      status: 'failed' as const,
      code: 'IC:0001',
      message: '空号',
      at: new Date(),
    });
    // Brand's account polled a status naming demo's message (two rows on one provider application would).
    expect(await applyReceipts(db, [receipt(brands.aliyun.id, viaAli.providerMessageId!)])).toBe(0);
    expect(await applyReceipts(db, [receipt(SANDBOX_PROVIDER_ID, viaAli.providerMessageId!)])).toBe(0);
    expect((await stateOf(db, viaAli.id)).status).toBe('accepted');
    expect(await applyReceipts(db, [receipt(platform.aliyun.id, viaAli.providerMessageId!)])).toBe(1);
    expect((await stateOf(db, viaAli.id)).status).toBe('failed');
  });
});
