import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { SECRET_MASK } from '@fpy/contracts';
import { outboxAttempts, outboxTasks, shortLinks, walletAccounts, walletCards, walletNotices } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { registryOf, runTask } from '../../src/modules/platform/outbox/index.ts';
import {
  type SignedNotice,
  WALLET_INSERT_KIND,
  type WalletGatewayImpl,
} from '../../src/modules/self-service/wallets/index.ts';
import { bearer, useTestApp } from '../harness.ts';
import { api, invoiceBody } from '../sales/invoicing-helpers.ts';

/**
 * Issue 30, lane WALLETS: WeChat Pay / Alipay card bags. Accounts with masked secrets; a buyer's insertion
 * through the outbox and the embedded sandbox, which calls back signed — here through the public route itself;
 * forged and replayed callbacks; retries (automatic on transient trouble, the seller's after a failure); tenant
 * scoping of the console and of the buyer's codes.
 */
const app = useTestApp();
const W = '/api/self-service/v1/wallets';
const PUB = '/api/public/self-service/wallet';
const NOTIFY = '/api/public/v1/walletNotify';
const DAY = 86_400_000;

let nextIp = 1;
const newIp = () => `192.0.2.${nextIp++}`;
let demo: string;
let brand: string;

const gw = () => app().services.gateways.wallet as WalletGatewayImpl;
const db = () => app().services.db;
const drain = async () => {
  await app().services.jobs.drain();
  await app().services.jobs.drain();
};

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PUBLIC_PEM = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

const wechatConfig = (over: Record<string, unknown> = {}) => ({
  appId: 'wx0123456789abcdef',
  mchId: '1900000109',
  serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  privateKey: PRIVATE_PEM,
  apiV3Key: 'A'.repeat(32),
  platformCert: PUBLIC_PEM,
  endpoint: 'api.mch.weixin.qq.com',
  sandbox: false,
  ...over,
});

const inject = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), payload });

/** A notice POSTed to the public route as the platform would. */
const post = (n: SignedNotice, ip = newIp()) =>
  app().app.inject({
    method: 'POST',
    url: `${NOTIFY}/${n.platform}/${n.accountId}`,
    headers: n.headers,
    payload: n.body,
    remoteAddress: ip,
  });

/** An issued invoice of `token`'s company and a buyer link to it (as the dispatcher writes it). */
async function issuedLink(token: string): Promise<string> {
  const c = api(app(), token);
  const res = await c.create(invoiceBody());
  expect(res.statusCode, res.body).toBe(201);
  await c.settled();
  const inv = (await c.get(res.json().id)).json();
  expect(inv.status).toBe('issued');
  const code = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  await db()
    .insert(shortLinks)
    .values({ code, tenantId: inv.tenantId, invoiceId: inv.id, expiresAt: new Date(Date.now() + 30 * DAY) });
  return code;
}

function buyerPhone(ip = newIp()) {
  return {
    view: (code: string, buyer?: string) =>
      app().app.inject({ url: `${PUB}/${code}${buyer ? `?buyer=${buyer}` : ''}`, remoteAddress: ip }),
    insert: (code: string, platform: string, buyer: string) =>
      app().app.inject({
        method: 'POST',
        url: `${PUB}/${code}/cards`,
        payload: { platform, buyer },
        remoteAddress: ip,
      }),
  };
}

const cardOf = async (buyer: string) =>
  (await db().select().from(walletCards).where(eq(walletCards.buyerRef, buyer)))[0];

beforeAll(async () => {
  demo = await app().login('demo', 'Demo@123');
  brand = await app().login('brand', 'Brand@123');
  // Callbacks wait for flush() and then go through the public route, signature and all.
  gw().sandbox.delayMs = 3_600_000;
  gw().sandbox.deliver = async (n) => {
    const res = await post(n);
    expect(res.statusCode, res.body).toBe(200);
  };
});

describe('wallet settings (wxSet, zfbSet)', () => {
  it('answers secrets masked, keeps them only while their destination stays, checks keys and the endpoint', async () => {
    const created = await inject(demo, 'POST', `${W}/wechat/accounts`, {
      name: '微信支付主账号',
      priority: 5,
      config: wechatConfig(),
    });
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json();
    expect(row.config.privateKey).toBe(SECRET_MASK);
    expect(row.config.apiV3Key).toBe(SECRET_MASK);
    expect(row.notifyPath).toBe(`${NOTIFY}/wechat/${row.id}`);
    const list = await inject(demo, 'GET', `${W}/wechat/accounts`);
    expect(list.body).not.toContain('PRIVATE KEY');
    expect(list.body).not.toContain('A'.repeat(32));
    expect(list.json().rows.map((r: { id: number }) => r.id)).toContain(row.id);

    // Sent back masked with the same destination: the stored secrets stay.
    const kept = await inject(demo, 'PUT', `${W}/wechat/accounts/${row.id}`, {
      name: '微信支付主账号',
      config: { ...row.config, privateKey: SECRET_MASK, apiV3Key: SECRET_MASK },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const [stored] = await db().select().from(walletAccounts).where(eq(walletAccounts.id, row.id));
    expect(stored.config.privateKey).toBe(PRIVATE_PEM.trim());
    expect(stored.config.apiV3Key).toBe('A'.repeat(32));

    // Another merchant with the kept key: refused, naming the secret.
    const moved = await inject(demo, 'PUT', `${W}/wechat/accounts/${row.id}`, {
      name: '微信支付主账号',
      config: { ...row.config, mchId: '1900000999', privateKey: SECRET_MASK, apiV3Key: SECRET_MASK },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().code).toBe('SECRET_DESTINATION_CHANGED');

    const badKey = await inject(demo, 'POST', `${W}/wechat/accounts`, {
      name: '坏密钥',
      config: wechatConfig({ privateKey: 'MIIBadBase64' }),
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().code).toBe('WALLET_KEY_INVALID');

    const internal = await inject(demo, 'POST', `${W}/alipay/accounts`, {
      name: '内网',
      config: { appId: '2021000122600001', privateKey: PRIVATE_PEM, endpoint: '169.254.169.254' },
    });
    expect(internal.statusCode).toBe(400);
    expect(internal.json().code).toBe('OUTBOUND_BLOCKED');

    const badField = await inject(demo, 'POST', `${W}/wechat/accounts`, {
      name: '坏商户号',
      config: wechatConfig({ mchId: 'abc' }),
    });
    expect(badField.statusCode).toBe(400);

    // Another company sees none of it and cannot touch it.
    const other = await inject(brand, 'GET', `${W}/wechat/accounts`);
    expect(other.json().rows.map((r: { id: number }) => r.id)).not.toContain(row.id);
    const foreign = await inject(brand, 'PUT', `${W}/wechat/accounts/${row.id}`, {
      name: 'x',
      config: wechatConfig(),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await inject(brand, 'DELETE', `${W}/wechat/accounts/${row.id}`)).statusCode).toBe(404);

    expect((await inject(demo, 'DELETE', `${W}/wechat/accounts/${row.id}`)).statusCode).toBe(200);
  });
});

describe('a buyer puts the invoice into a card bag', () => {
  it('sandbox default: pending → the task → a signed callback → inserted; asking twice is the same card', async () => {
    const code = await issuedLink(demo);
    const phone = buyerPhone();
    const buyer = `wx${randomBytes(6).toString('hex')}`;
    const asked = await phone.insert(code, 'wechat', buyer);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().state).toBe('pending');
    await drain();
    const card = await cardOf(buyer);
    expect(card.accountId).toBe(0);
    expect(card.state).toBe('pending');

    await gw().sandbox.flush();
    const view = await phone.view(code, buyer);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().cards).toEqual([expect.objectContaining({ platform: 'wechat', state: 'inserted' })]);
    expect(view.json().invoice.insertable).toBe(true);
    expect((await cardOf(buyer)).cardId).toMatch(/^sbx/);

    const again = await phone.insert(code, 'wechat', buyer);
    expect(again.json().state).toBe('inserted');
    const cards = await db().select().from(walletCards).where(eq(walletCards.buyerRef, buyer));
    expect(cards).toHaveLength(1);

    // The list of the company shows it; another company's does not.
    const other = await inject(brand, 'GET', `${W}/wechat/cards`);
    expect(other.json().rows.map((r: { id: number }) => r.id)).not.toContain(card.id);
    const list = await inject(demo, 'GET', `${W}/wechat/cards?state=inserted`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows.map((r: { id: number }) => r.id)).toContain(card.id);
    expect(list.json().rows[0].accountName).toBe('沙箱');
  });

  it('refuses a forged signature, and answers an unknown account the same', async () => {
    const code = await issuedLink(demo);
    const buyer = `ap${randomBytes(6).toString('hex')}`;
    await buyerPhone().insert(code, 'alipay', buyer);
    await drain();
    let captured: SignedNotice | undefined;
    const deliver = gw().sandbox.deliver;
    gw().sandbox.deliver = async (n) => {
      captured = n;
    };
    await gw().sandbox.flush();
    gw().sandbox.deliver = deliver;
    expect(captured).toBeDefined();
    const n = captured!;

    // Body changed after signing.
    const tampered = await post({
      ...n,
      body: n.body.replace('invoice_card_inserted', 'invoice_card_deleted'),
    });
    expect(tampered.statusCode).toBe(401);
    // Signed with a key that is not the sandbox's.
    const params = new URLSearchParams(n.body);
    const { createSign } = await import('node:crypto');
    const content = [...params.entries()]
      .filter(([k]) => k !== 'sign' && k !== 'sign_type')
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    params.set('sign', createSign('RSA-SHA256').update(content).sign(keys.privateKey, 'base64'));
    const forged = await post({ ...n, body: params.toString() });
    expect(forged.statusCode).toBe(401);
    const unknown = await post({ ...n, accountId: 987654 });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe(forged.json().code);
    expect((await cardOf(buyer)).state).toBe('pending');

    // The genuine notice moves it.
    const genuine = await post(n);
    expect(genuine.statusCode, genuine.body).toBe(200);
    expect(genuine.body).toBe('success');
    expect((await cardOf(buyer)).state).toBe('inserted');
  });

  it('a replayed callback changes nothing, also after the buyer deleted the card', async () => {
    const code = await issuedLink(demo);
    const buyer = `wx${randomBytes(6).toString('hex')}`;
    await buyerPhone().insert(code, 'wechat', buyer);
    await drain();
    await gw().sandbox.flush();
    const inserted = gw().sandbox.sent.at(-1)!;
    const card = await cardOf(buyer);
    expect(card.state).toBe('inserted');

    const replay = await post(inserted);
    expect(replay.statusCode, replay.body).toBe(200);
    expect((await cardOf(buyer)).updatedAt.getTime()).toBe(card.updatedAt.getTime());
    const notices = await db().select().from(walletNotices).where(eq(walletNotices.cardRef, card.ref));
    expect(notices).toHaveLength(1);

    expect(gw().sandbox.buyerDeletes(card.ref)).toBe(true);
    await gw().sandbox.flush();
    expect((await cardOf(buyer)).state).toBe('deleted');
    // The old "inserted" notice again: still deleted.
    expect((await post(inserted)).statusCode).toBe(200);
    expect((await cardOf(buyer)).state).toBe('deleted');
    const view = await buyerPhone().view(code, buyer);
    expect(view.json().cards[0].state).toBe('deleted');
  });

  it('the buyer declines: failed with our own words', async () => {
    const code = await issuedLink(demo);
    const buyer = `wx${randomBytes(6).toString('hex')}refuse`;
    await buyerPhone().insert(code, 'wechat', buyer);
    await drain();
    await gw().sandbox.flush();
    const card = await cardOf(buyer);
    expect(card.state).toBe('failed');
    const view = await buyerPhone().view(code, buyer);
    expect(view.json().cards[0]).toMatchObject({ state: 'failed', failReason: '买方拒绝了插卡授权' });
  });
});

describe('retries through the outbox', () => {
  it('transient trouble: the task retries with backoff and the card gets in', async () => {
    const code = await issuedLink(demo);
    const buyer = `wx${randomBytes(6).toString('hex')}busy`;
    await buyerPhone().insert(code, 'wechat', buyer);
    await drain();
    const card = await cardOf(buyer);
    expect(card.state).toBe('pending');
    const [task] = await db()
      .select()
      .from(outboxTasks)
      .where(and(eq(outboxTasks.kind, WALLET_INSERT_KIND), eq(outboxTasks.ref, `${card.id}:0`)));
    // The retry may still wait for its backoff: its time has come.
    if (task.state === 'pending') {
      await db()
        .update(outboxTasks)
        .set({ nextAt: new Date(Date.now() - 1000) })
        .where(eq(outboxTasks.id, task.id));
      await runTask(registryOf(app().services)!, task.id, WALLET_INSERT_KIND);
    }
    const attempts = await db()
      .select()
      .from(outboxAttempts)
      .where(eq(outboxAttempts.taskId, task.id))
      .orderBy(outboxAttempts.n);
    expect(attempts.map((a) => [a.outcome, a.code])).toEqual([
      ['retry', 'WALLET_SANDBOX_BUSY'],
      ['done', null],
    ]);
    await gw().sandbox.flush();
    const done = await cardOf(buyer);
    expect(done.state).toBe('inserted');
    expect(done.failCode).toBeNull();
  });

  it('a failed insertion: the seller fixes the account and retries it from the list', async () => {
    // A live account (the platform is unreachable here): the insertion fails with the account's reason.
    const acc = await inject(demo, 'POST', `${W}/wechat/accounts`, {
      name: '正式账号',
      config: wechatConfig(),
    });
    expect(acc.statusCode, acc.body).toBe(200);
    const code = await issuedLink(demo);
    const buyer = `wx${randomBytes(6).toString('hex')}`;
    await buyerPhone().insert(code, 'wechat', buyer);
    await drain();
    const failed = await cardOf(buyer);
    expect(failed.state).toBe('failed');
    expect(failed.failCode).toBe('WALLET_LIVE_UNAVAILABLE');
    const listed = await inject(demo, 'GET', `${W}/wechat/cards?state=failed`);
    const row = listed.json().rows.find((r: { id: number }) => r.id === failed.id);
    expect(row.tried).toEqual([
      expect.objectContaining({ providerId: acc.json().id, code: 'WALLET_LIVE_UNAVAILABLE' }),
    ]);
    expect(row.buyer).not.toBe(buyer);

    // Another company cannot retry it.
    const foreign = await inject(brand, 'POST', `${W}/wechat/cards/retry`, { ids: [failed.id] });
    expect(foreign.json()).toEqual({ retried: 0, skipped: 1 });

    // Switched to the test channel (the masked secrets kept), then retried.
    const id = acc.json().id;
    const switched = await inject(demo, 'PUT', `${W}/wechat/accounts/${id}`, {
      name: '正式账号',
      config: { ...acc.json().config, sandbox: true },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const retried = await inject(demo, 'POST', `${W}/wechat/cards/retry`, { ids: [failed.id] });
    expect(retried.json()).toEqual({ retried: 1, skipped: 0 });
    await drain();
    await gw().sandbox.flush();
    const after = await cardOf(buyer);
    expect(after.state).toBe('inserted');
    expect(after.retries).toBe(1);
    expect(after.accountId).toBe(id);
    // Only failed ones are retried.
    expect((await inject(demo, 'POST', `${W}/wechat/cards/retry`, { ids: [failed.id] })).json()).toEqual({
      retried: 0,
      skipped: 1,
    });
    await inject(demo, 'DELETE', `${W}/wechat/accounts/${id}`);
  });
});

describe('scoping of the buyer codes and the lists', () => {
  it('unknown, malformed and expired codes answer alike; lists stay in their company', async () => {
    const phone = buyerPhone();
    const unknown = await phone.view('AbCdEf123456XyZ0AbCd');
    const malformed = await phone.view('short%21');
    const code = await issuedLink(demo);
    await db()
      .update(shortLinks)
      .set({ expiresAt: new Date(Date.now() - DAY) })
      .where(eq(shortLinks.code, code));
    const expired = await phone.view(code);
    for (const r of [unknown, malformed, expired]) {
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toBe('WALLET_LINK_UNAVAILABLE');
    }
    const qrUnknown = await app().app.inject({
      url: `${PUB}/AbCdEf123456XyZ0AbCd/qr`,
      remoteAddress: newIp(),
    });
    expect(qrUnknown.statusCode).toBe(404);
    expect(qrUnknown.json().code).toBe('WALLET_LINK_UNAVAILABLE');
    const working = await issuedLink(demo);
    const qr = await app().app.inject({ url: `${PUB}/${working}/qr`, remoteAddress: newIp() });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
    expect(qr.body).toContain('<svg');
    const insert = await phone.insert('AbCdEf123456XyZ0AbCd', 'wechat', 'wxabcdef');
    expect(insert.statusCode).toBe(404);
    const badBuyer = await phone.insert(code, 'wechat', 'a b');
    expect(badBuyer.statusCode).toBe(400);

    const demoCards = await inject(demo, 'GET', `${W}/wechat/cards?limit=500`);
    const brandCards = await inject(brand, 'GET', `${W}/wechat/cards?limit=500`);
    const demoIds = new Set(demoCards.json().rows.map((r: { id: number }) => r.id));
    for (const r of brandCards.json().rows) expect(demoIds.has(r.id)).toBe(false);
  });
});
