import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProvider } from '../delivery/delivery-providers-helpers.ts';
import {
  acceptedDelivery,
  aliyunReport,
  dsnFor,
  type ReceiptKind,
  tencentReport,
} from '../delivery/delivery-receipts-helpers.ts';
import { bearer, useTestApp } from '../harness.ts';
import { HOSTILE_BOUNCES } from '../delivery/hostile-bounces.ts';
import { accounts } from './accounts.ts';
import type { Operation } from './arbitraries.ts';
import { type Snapshot, snapshot } from './snapshot.ts';
import { routeName, WALK_TIMEOUT, Walk } from './walk.ts';

/**
 * Issue 28 §3 and §4 in the walk: every receipt route of the document (pushed bounces, DSNs and SMS status
 * reports) is attacked by another company. Brand, through its own accounts' endpoints with their own tokens,
 * names every message id of demo's deliveries — each state, each kind of account, both outcomes — and pipes
 * hostile bounce bodies to its bounce address. Nothing answers 5xx; the hostile bodies answer 400; demo's rows
 * are the same before and after (snapshot.ts). A receipt route added to a contract joins this walk, or fails
 * the first test until it is given its provider's body here.
 */
const app = useTestApp();
const RECEIPT_ROUTE = /^\/api\/public\/v1\/(mailBounces|smsReceipts)\//;
const KIND_OF: Record<string, ReceiptKind> = {
  '/api/public/v1/mailBounces/{id}': 'smtp',
  '/api/public/v1/smsReceipts/aliyun/{id}': 'aliyun',
  '/api/public/v1/smsReceipts/tencent/{id}': 'tencent',
};

let walk: Walk;
let ops: Operation[];
let before: Snapshot;
let demoTenant: number;
/** Brand's own account of each kind: the endpoint it may post to. */
const brandAccount = {} as Record<ReceiptKind, { id: number; token: string }>;
const demoMessageIds: string[] = [];
const anonymous = { name: 'anonymous' };

beforeAll(async () => {
  const t = app();
  walk = await Walk.open(t);
  ops = walk.ops.filter((op) => op.method === 'POST' && RECEIPT_ROUTE.test(op.path));
  const who = await accounts(t);
  demoTenant = who.tenantOf.demo;
  const db = t.services.db;

  // Demo's messages went out through the platform's accounts and demo's own mailbox, in every state.
  const senders: Array<{ id: number; kind: ReceiptKind }> = [];
  for (const kind of ['smtp', 'aliyun', 'tencent'] as const) {
    const row = await insertProvider(db, {
      channel: kind === 'smtp' ? 'email' : 'sms',
      kind,
      config: { callbackToken: `platform-${kind}-walk-token-0123456789` },
    });
    senders.push({ id: row.id, kind });
  }
  const demoMailbox = await insertProvider(db, {
    channel: 'email',
    kind: 'smtp',
    tenantId: demoTenant,
    config: { callbackToken: 'demo-mailbox-walk-token-0123456789' },
  });
  senders.push({ id: demoMailbox.id, kind: 'smtp' });
  for (const s of senders)
    for (const status of ['accepted', 'delivered', 'failed'] as const) {
      const d = await acceptedDelivery(db, { tenantId: demoTenant, providerId: s.id, kind: s.kind, status });
      demoMessageIds.push(d.providerMessageId!);
    }

  // Brand's 企业邮箱 saved through its page; brand's own SMS accounts.
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/admin/v1/parameterSetting/enterpriseMail',
    headers: bearer(who.brand.token!),
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
  const m = /mailBounces\/(\d+)\?token=([^&]+)/.exec(saved.json().bouncePath ?? '');
  if (!m) throw new Error(`brand's mailbox has no bounce path: ${saved.body}`);
  brandAccount.smtp = { id: Number(m[1]), token: decodeURIComponent(m[2]) };
  for (const kind of ['aliyun', 'tencent'] as const) {
    const token = `brand-${kind}-walk-token-0123456789`;
    const row = await insertProvider(db, {
      channel: 'sms',
      kind,
      tenantId: who.tenantOf.brand,
      config: { callbackToken: token },
    });
    brandAccount[kind] = { id: row.id, token };
  }
  before = await snapshot(db, demoTenant);
});

afterAll(() => {
  if (!walk) return;
  console.log(`${walk.summary()} [receipts]`);
  if (walk.findings.length) console.log(walk.report());
  walk.dump('receipts');
});

const bodyOf = (kind: ReceiptKind, messageId: string, outcome: 'delivered' | 'failed') =>
  kind === 'smtp'
    ? { text: dsnFor(messageId, outcome), contentType: 'message/rfc822' }
    : {
        text: JSON.stringify(
          kind === 'aliyun' ? aliyunReport(messageId, outcome) : tencentReport(messageId, outcome),
        ),
        contentType: 'application/json',
      };

describe('attack walk: receipts across companies', () => {
  it('knows every receipt route of the document', () => {
    expect(ops.length).toBeGreaterThanOrEqual(3);
    for (const op of ops)
      expect(KIND_OF[op.path], `${routeName(op)} needs its provider's body here`).toBeDefined();
  });

  it(
    "brand's own endpoints naming demo's message ids change nothing of demo's; hostile bounces answer 400",
    async () => {
      for (const op of ops) {
        const kind = KIND_OF[op.path];
        const own = brandAccount[kind];
        for (const id of demoMessageIds)
          for (const outcome of ['delivered', 'failed'] as const) {
            const r = await walk.send(
              op,
              { params: { id: own.id }, query: { token: own.token }, raw: bodyOf(kind, id, outcome) },
              anonymous,
              `brand's ${kind} endpoint names demo's ${id} ${outcome}`,
            );
            expect(r.status, r.body).toBe(200);
          }
        if (kind !== 'smtp') continue;
        for (const hostile of HOSTILE_BOUNCES) {
          const r = await walk.send(
            op,
            {
              params: { id: own.id },
              query: { token: own.token },
              raw: { text: hostile.body(), contentType: 'message/rfc822' },
            },
            anonymous,
            `hostile bounce: ${hostile.name}`,
          );
          expect(r.status, `${hostile.name}: ${r.body.slice(0, 200)}`).toBe(400);
        }
      }
      expect(walk.report()).toBe('');
      expect(await snapshot(app().services.db, demoTenant)).toEqual(before);
    },
    WALK_TIMEOUT,
  );
});
