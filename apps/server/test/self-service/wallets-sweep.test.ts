import { randomBytes } from 'node:crypto';
import { resourceChanges, shortLinks, walletCards, walletNotices } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type SignedNotice,
  seedWalletDemo,
  sweepWalletCards,
  WALLET_STALE_MS,
  WALLET_SWEEP,
  type WalletGatewayImpl,
} from '../../src/modules/self-service/wallets/index.ts';
import { useTestApp } from '../harness.ts';
import { api, invoiceBody } from '../sales/invoicing-helpers.ts';

/**
 * Issue 30, lane FLOW: the reconciliation sweep of card insertions whose callback was lost. The sandbox's
 * callbacks are captured instead of delivered (lost), the sweep asks the sandbox (queryCard) and settles the card
 * through the callback's own verb; the sweep again and the late callback change nothing; all audited.
 */
const app = useTestApp();
const PUB = '/api/public/self-service/wallet';
const NOTIFY = '/api/public/v1/walletNotify';
const DAY = 86_400_000;

let nextIp = 1;
const newIp = () => `198.51.100.${nextIp++}`;
let demo: string;
/** Callbacks the sandbox sent and that never arrived. */
const lost: SignedNotice[] = [];

const gw = () => app().services.gateways.wallet as WalletGatewayImpl;
const db = () => app().services.db;
const drain = async () => {
  await app().services.jobs.drain();
  await app().services.jobs.drain();
};
/** A moment when every card made so far has been quiet for longer than the sweep waits. */
const later = () => new Date(Date.now() + WALLET_STALE_MS + 60_000);

const post = (n: SignedNotice) =>
  app().app.inject({
    method: 'POST',
    url: `${NOTIFY}/${n.platform}/${n.accountId}`,
    headers: n.headers,
    payload: n.body,
    remoteAddress: newIp(),
  });

async function issuedLink(): Promise<string> {
  const c = api(app(), demo);
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

/** The buyer asks, the task hands it to the sandbox, the sandbox's callback goes out and is lost. */
async function insertedButLost(platform: 'wechat' | 'alipay', buyer: string) {
  const code = await issuedLink();
  const asked = await app().app.inject({
    method: 'POST',
    url: `${PUB}/${code}/cards`,
    payload: { platform, buyer },
    remoteAddress: newIp(),
  });
  expect(asked.statusCode, asked.body).toBe(200);
  await drain();
  const before = lost.length;
  await gw().sandbox.flush();
  expect(lost.length).toBe(before + 1);
  const card = await cardOf(buyer);
  expect(card).toMatchObject({ state: 'pending', accountId: 0 });
  return { card, notice: lost[lost.length - 1] };
}

const cardOf = async (buyer: string) =>
  (await db().select().from(walletCards).where(eq(walletCards.buyerRef, buyer)))[0];

const auditOf = (cardId: number) =>
  db()
    .select()
    .from(resourceChanges)
    .where(and(eq(resourceChanges.resource, 'walletCard'), eq(resourceChanges.recordId, cardId)));

beforeAll(async () => {
  demo = await app().login('demo', 'Demo@123');
  gw().sandbox.delayMs = 3_600_000;
  gw().sandbox.deliver = async (n) => {
    lost.push(n);
  };
});

describe('wallet reconciliation sweep', () => {
  it('settles a card whose callback was lost; again changes nothing; the late callback is a no-op', async () => {
    const buyer = `wx${randomBytes(6).toString('hex')}`;
    const { card, notice } = await insertedButLost('wechat', buyer);

    // Too early: a card quiet for less than WALLET_STALE_MS is not asked about.
    const early = await sweepWalletCards(app().services, new Date());
    expect(early.checked).toBe(0);
    expect((await cardOf(buyer)).state).toBe('pending');

    // Through the scheduler, as a tick runs it.
    await app().services.scheduler.runNow(WALLET_SWEEP, later());
    const swept = await cardOf(buyer);
    expect(swept.state).toBe('inserted');
    expect(swept.cardId).toMatch(/^sbx/);
    expect(swept.insertedAt).not.toBeNull();
    const audit = await auditOf(card.id);
    expect(audit.filter((a) => a.action === 'inserted')).toEqual([
      expect.objectContaining({
        tenantId: card.tenantId,
        actorId: null,
        changes: expect.objectContaining({ state: 'inserted', from: 'pending', source: 'sweep' }),
      }),
    ]);

    // The sweep again: nothing left to ask, nothing changes.
    const again = await sweepWalletCards(app().services, later());
    expect(again.settled).toBe(0);
    const still = await cardOf(buyer);
    expect(still.updatedAt.getTime()).toBe(swept.updatedAt.getTime());

    // The lost callback arrives after all: accepted (200, verified), and a no-op.
    const late = await post(notice);
    expect(late.statusCode, late.body).toBe(200);
    const after = await cardOf(buyer);
    expect(after).toMatchObject({ state: 'inserted', cardId: swept.cardId });
    expect(after.updatedAt.getTime()).toBe(swept.updatedAt.getTime());
    expect(await auditOf(card.id)).toHaveLength(audit.length);
    const notices = await db().select().from(walletNotices).where(eq(walletNotices.cardRef, card.ref));
    expect(notices.map((n) => n.noticeId)).toContain(`sweep:${card.ref}:inserted`);
  });

  it('a card the platform no longer knows (sandbox restarted) is failed with our own words; retried, it is asked again only once accepted', async () => {
    const buyer = `ap${randomBytes(6).toString('hex')}`;
    const code = await issuedLink();
    const phone = (method: 'GET' | 'POST') =>
      app().app.inject(
        method === 'POST'
          ? {
              method,
              url: `${PUB}/${code}/cards`,
              payload: { platform: 'alipay', buyer },
              remoteAddress: newIp(),
            }
          : { url: `${PUB}/${code}?buyer=${buyer}`, remoteAddress: newIp() },
      );
    expect((await phone('POST')).statusCode).toBe(200);
    await drain();
    const card = await cardOf(buyer);
    expect(card).toMatchObject({ state: 'pending', accountId: 0 });
    // The sandbox forgets it (an in-memory sandbox after a restart): its query answers failed.
    (gw().sandbox as unknown as { cards: Map<string, unknown> }).cards.delete(card.ref);

    const r = await sweepWalletCards(app().services, later());
    expect(r.settled).toBeGreaterThanOrEqual(1);
    const failed = await cardOf(buyer);
    expect(failed).toMatchObject({ state: 'failed', failCode: 'QUERY_FAILED' });
    const view = await phone('GET');
    expect(view.json().cards[0]).toMatchObject({ state: 'failed' });
    expect(view.json().cards[0].failReason).toContain('未成功');

    // The buyer asks again: a new round nobody has taken yet is not asked about, even when old.
    expect((await phone('POST')).json().state).toBe('pending');
    expect((await cardOf(buyer)).accountId).toBeNull();
    expect((await sweepWalletCards(app().services, later())).checked).toBe(0);
    await drain();
    expect((await cardOf(buyer)).accountId).toBe(0);
    await gw().sandbox.flush();
    await app().services.scheduler.runNow(WALLET_SWEEP, later());
    expect((await cardOf(buyer)).state).toBe('inserted');
  });

  it('a card still pending at the platform stays pending and goes to the back of the line; the batch is bounded', async () => {
    const buyers = [0, 1, 2].map(() => `wx${randomBytes(6).toString('hex')}`);
    for (const b of buyers) {
      const code = await issuedLink();
      await app().app.inject({
        method: 'POST',
        url: `${PUB}/${code}/cards`,
        payload: { platform: 'wechat', buyer: b },
        remoteAddress: newIp(),
      });
    }
    await drain();
    // Their callbacks have not gone out yet: the sandbox says pending.
    const first = await sweepWalletCards(app().services, later(), { batch: 2 });
    expect(first).toMatchObject({ checked: 2, stillPending: 2, settled: 0 });
    const cards = await Promise.all(buyers.map(cardOf));
    expect(cards.every((c) => c.state === 'pending')).toBe(true);
    // The one not asked yet comes first next time.
    const asked = cards.filter((c) => c.updatedAt.getTime() > cards[2].updatedAt.getTime());
    expect(asked.length).toBeGreaterThanOrEqual(1);
    const second = await sweepWalletCards(app().services, later(), { batch: 1 });
    expect(second).toMatchObject({ checked: 1, stillPending: 1 });
    await gw().sandbox.flush();
    await sweepWalletCards(app().services, later());
    expect((await Promise.all(buyers.map(cardOf))).map((c) => c.state)).toEqual([
      'inserted',
      'inserted',
      'inserted',
    ]);
  });

  it('leaves the demo seed in every state: its pending card waits for its task, not for the sweep', async () => {
    // The earlier tests issued demo invoices: the seed puts cards of them in every state (runs last, it adds
    // accounts).
    await seedWalletDemo(db(), 'demo');
    const seeded = await db().select().from(walletCards);
    const demoCards = seeded.filter((c) => c.buyerRef.startsWith('demo'));
    const pending = demoCards.filter((c) => c.state === 'pending');
    expect(pending.length).toBeGreaterThanOrEqual(1);
    const before = new Map(demoCards.map((c) => [c.id, c.state]));
    await sweepWalletCards(app().services, later());
    const after = await db().select().from(walletCards);
    for (const c of after.filter((c) => before.has(c.id))) expect(c.state).toBe(before.get(c.id));
  });
});
