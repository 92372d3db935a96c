import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { failover, GatewayRefusal } from '../../src/gateways/kit/index.ts';
import { OutboundGuard } from '../../src/lib/outbound/index.ts';
import type { WalletAccount } from '../../src/modules/self-service/wallets/accounts.ts';
import { LiveWalletAdapter } from '../../src/modules/self-service/wallets/adapters/live.ts';
import { type SignedNotice, WalletSandbox } from '../../src/modules/self-service/wallets/adapters/sandbox.ts';
import {
  asPem,
  decryptResource,
  encryptResource,
  privateKeyOf,
  publicKeyOf,
  signAlipay,
  signWechat,
  verifyAlipay,
  verifyWechat,
} from '../../src/modules/self-service/wallets/signing.ts';

/** The wallet gateway's pieces without a database: signatures, the sandbox's states, live accounts' refusal. */
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

const account = (over: Partial<WalletAccount> = {}): WalletAccount => ({
  id: 7,
  tenantId: 1,
  kind: 'wechat',
  name: 'a',
  priority: 10,
  weight: 1,
  config: { sandbox: true, endpoint: 'api.mch.weixin.qq.com' },
  version: 'v',
  ...over,
});
const request = (buyerRef: string, ref = `fw${Math.random().toString(16).slice(2)}`) => ({
  platform: 'wechat' as const,
  ref,
  buyerRef,
  invoice: {
    invoiceId: 1,
    number: '26310000000000000001',
    issuedAt: new Date(),
    type: 'digital_normal',
    sellerName: '卖方',
    buyerName: '买方',
    totalFen: 10_600,
    taxFen: 600,
  },
});

describe('signatures (node:crypto, RSA-SHA256)', () => {
  it('WeChat v3: verifies its own headers, refuses a changed body, another key and a stale timestamp', () => {
    const body = '{"id":"n1"}';
    const h = signWechat(keys.privateKey, 'SERIAL', body);
    expect(verifyWechat(keys.publicKey, h, body)).toBe(true);
    expect(verifyWechat(keys.publicKey, h, '{"id":"n2"}')).toBe(false);
    expect(verifyWechat(other.publicKey, h, body)).toBe(false);
    const old = signWechat(keys.privateKey, 'SERIAL', body, Date.now() - 10 * 60_000);
    expect(verifyWechat(keys.publicKey, old, body)).toBe(false);
    expect(verifyWechat(keys.publicKey, {}, body)).toBe(false);
  });

  it('WeChat resource: AES-256-GCM round trip; a wrong key throws', () => {
    const r = encryptResource('k'.repeat(32), '{"a":1}', 'fapiao');
    expect(decryptResource('k'.repeat(32), r)).toBe('{"a":1}');
    expect(() => decryptResource('x'.repeat(32), r)).toThrow();
  });

  it('Alipay RSA2: sorted parameters without sign and sign_type', () => {
    const body = signAlipay(keys.privateKey, { b: '2', a: '1', notify_id: 'n' });
    expect(verifyAlipay(keys.publicKey, body)).toMatchObject({ a: '1', b: '2' });
    expect(verifyAlipay(keys.publicKey, body.replace('b=2', 'b=3'))).toBeNull();
    expect(verifyAlipay(other.publicKey, body)).toBeNull();
    expect(verifyAlipay(keys.publicKey, 'a=1')).toBeNull();
  });

  it('keys as PEM or as their Base64 body alone', () => {
    const pem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const body = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    expect(privateKeyOf(body).asymmetricKeyType).toBe('rsa');
    const pub = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(publicKeyOf(pub.replace(/-----[^-]+-----/g, '')).asymmetricKeyType).toBe('rsa');
    expect(asPem('QUJD', 'PUBLIC KEY')).toContain('-----BEGIN PUBLIC KEY-----\nQUJD\n');
    expect(() => privateKeyOf('nonsense')).toThrow();
  });
});

describe('the sandbox', () => {
  const sandbox = () => {
    const got: SignedNotice[] = [];
    const s = new WalletSandbox(async (n) => void got.push(n), 60_000);
    return { s, got };
  };

  it('pending, then a signed inserted callback; asking again answers where it stands', async () => {
    const { s, got } = sandbox();
    const req = request('buyer-ok');
    expect(await s.insert(account(), req)).toEqual({ state: 'pending', cardId: null });
    expect((await s.query(account(), req.ref)).state).toBe('pending');
    await s.flush();
    expect(got).toHaveLength(1);
    const n = got[0];
    expect(n.accountId).toBe(7);
    expect(verifyWechat(s.keyPair().publicKey, n.headers, n.body)).toBe(true);
    const parsed = JSON.parse(n.body);
    expect(parsed.event_type).toBe('FAPIAO.CARD_INSERTED');
    expect(JSON.parse(decryptResource(s.apiV3Key, parsed.resource)).out_trade_no).toBe(req.ref);
    expect((await s.query(account(), req.ref)).state).toBe('inserted');
    expect((await s.insert(account(), req)).state).toBe('inserted');
    await s.flush();
    expect(got).toHaveLength(1);
    expect(s.buyerDeletes(req.ref)).toBe(true);
    await s.flush();
    expect(JSON.parse(got[1].body).event_type).toBe('FAPIAO.CARD_DELETED');
    s.close();
  });

  it('refuse / bad / busy buyers; Alipay callbacks are RSA2 forms', async () => {
    const { s, got } = sandbox();
    await s.insert(account({ kind: 'alipay' }), { ...request('x-refuse'), platform: 'alipay' });
    await s.flush();
    const p = verifyAlipay(s.keyPair().publicKey, got[0].body);
    expect(p).toMatchObject({ notify_type: 'invoice_card_refused', code: 'USER_REFUSED' });
    const bad = await s.insert(account(), request('x-bad')).catch((e) => e);
    expect(bad).toBeInstanceOf(GatewayRefusal);
    expect(bad.scope).toBe('message');
    const busy = request('x-busy');
    const first = await s.insert(account(), busy).catch((e) => e);
    expect(first.scope).toBe('transient');
    expect((await s.insert(account(), busy)).state).toBe('pending');
    s.close();
  });
});

describe('failover over wallet accounts', () => {
  it('a live account refuses as the account (the next serves); its endpoint passes the outbound guard first', async () => {
    const live = new LiveWalletAdapter(OutboundGuard.fromSetting(''));
    const { s } = { s: new WalletSandbox(async () => {}, 60_000) };
    const order = [
      account({ id: 1, config: { sandbox: false, endpoint: 'api.mch.weixin.qq.com' } }),
      account({ id: 2 }),
    ];
    const { account: served, tried } = await failover(
      order,
      (a) => (a.config.sandbox ? s : live).insert(a, request('buyer-ok')),
      { timeoutMs: 5_000 },
    );
    expect(served.id).toBe(2);
    expect(tried).toEqual([expect.objectContaining({ providerId: 1, code: 'WALLET_LIVE_UNAVAILABLE' })]);
    const blocked = await live
      .insert(account({ config: { sandbox: false, endpoint: '169.254.169.254' } }), request('b'))
      .catch((e) => e);
    expect(blocked.code).toBe('OUTBOUND_BLOCKED');
    s.close();
  });
});
