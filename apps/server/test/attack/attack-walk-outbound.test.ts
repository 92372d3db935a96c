import {
  DESTINATION_HOST_FIELD as PROVIDER_HOST_FIELD,
  SECRET_DESTINATIONS as PROVIDER_SECRET_DESTINATIONS,
  SECRET_MASK,
  WALLET_HOST_FIELD,
  WALLET_SECRET_DESTINATIONS,
} from '@fpy/contracts';
import { messageProviders, users, walletAccounts } from '@fpy/db';
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearProviders, insertProvider } from '../delivery/delivery-providers-helpers.ts';
import { bearer, useTestApp } from '../harness.ts';
import { startInternalListener } from '../stand-ins/internal-listener.ts';
import type { Operation } from './arbitraries.ts';
import { type JsonSchema, variants } from './schema.ts';
import { operationsOf, routeName } from './walk.ts';

/**
 * Issue 28 §1 and §2 in the attack walk. Every route the OpenAPI document shows saving a destination (a body with
 * a host or endpoint field) or testing one (its `/test` sibling), and every route taking a masked secret, is
 * found from the document — a new one fails here until it has a valid body below — and attacked:
 *  - the outbound guard: loopback in every spelling, the metadata address, private and link-local ranges are
 *    refused 400 naming the field, and a stored destination pointing inside is never connected to;
 *  - the secret rule: a masked secret sent with any field of its destination changed is refused 400 naming the
 *    secret, and no row ends up holding the stored secret with the new destination.
 * The app allows no internal address (the harness's loopback allowance is switched off).
 */
const app = useTestApp({ OUTBOUND_ALLOW_HOSTS: '' });
let ops: Operation[];
let tokens: Record<'admin' | 'demo', string>;
let demoTenant: number;
let listener: Awaited<ReturnType<typeof startInternalListener>>;

beforeAll(async () => {
  ops = operationsOf((await app().app.inject({ url: '/api/docs/openapi.json' })).json());
  tokens = { admin: await app().login('admin', 'Admin@123'), demo: await app().login('demo', 'Demo@123') };
  const [demo] = await app().services.db.select().from(users).where(eq(users.username, 'demo'));
  demoTenant = demo.tenantId as number;
  listener = await startInternalListener();
});
afterAll(async () => {
  await listener?.close();
});

// Wallet accounts (issue 30, self-service/wallets) are destinations with masked secrets too: their kinds join the
// providers' here, each with its host field and its secrets' destinations.
const DESTINATION_HOST_FIELD: Record<string, string | null> = {
  ...PROVIDER_HOST_FIELD,
  wechat: WALLET_HOST_FIELD,
  alipay: WALLET_HOST_FIELD,
};
const SECRET_DESTINATIONS: Record<string, Readonly<Record<string, readonly string[]>>> = {
  ...PROVIDER_SECRET_DESTINATIONS,
  ...WALLET_SECRET_DESTINATIONS,
};
const WALLET_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

const HOST_FIELDS = new Set(Object.values(DESTINATION_HOST_FIELD).filter((f): f is string => !!f));
const SECRET_KEYS = new Set(Object.values(SECRET_DESTINATIONS).flatMap((d) => Object.keys(d)));

/** The property names of a body, top level and under `config`, across its alternatives. */
function fieldsOf(s: JsonSchema | undefined): Set<string> {
  const out = new Set<string>();
  for (const v of s ? variants(s) : []) {
    for (const [k, p] of Object.entries(v.properties ?? {})) {
      out.add(k);
      if (k === 'config')
        for (const c of variants(p)) for (const n of Object.keys(c.properties ?? {})) out.add(n);
    }
  }
  return out;
}
const takes = (op: Operation, names: Set<string>) => [...fieldsOf(op.body)].some((f) => names.has(f));

type Kind = 'smtp' | 'aliyun' | 'tencent' | 'wechat' | 'alipay';
const CONFIGS: Record<Kind, Record<string, unknown>> = {
  smtp: {
    host: 'smtp.exmail.qq.com',
    port: 465,
    secure: true,
    rejectUnauthorized: true,
    user: 'fapiao@demo.example',
    pass: 'walk-smtp-secret',
    from: 'fapiao@demo.example',
  },
  aliyun: {
    accessKeyId: 'LTAIwalk',
    accessKeySecret: 'walk-ali-secret',
    signName: '发票云',
    templateCode: 'SMS_1',
    endpoint: 'dysmsapi.aliyuncs.com',
    protocol: 'https',
    regionId: 'cn-hangzhou',
  },
  tencent: {
    secretId: 'AKIDwalk',
    secretKey: 'walk-tc-secret',
    sdkAppId: '1400000000',
    signName: '发票云',
    templateId: '1',
    endpoint: 'sms.tencentcloudapi.com',
    protocol: 'https',
    region: 'ap-guangzhou',
  },
  wechat: {
    appId: 'wx0123456789abcdef',
    mchId: '1900000109',
    serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    privateKey: WALLET_KEY,
    apiV3Key: 'W'.repeat(32),
    endpoint: 'api.mch.weixin.qq.com',
    sandbox: false,
  },
  alipay: {
    appId: '2021000122600000',
    privateKey: WALLET_KEY,
    endpoint: 'openapi.alipay.com',
    sandbox: false,
  },
};

/** How each destination route is called: by whom, with which kinds, and whether its form is flat. */
interface Target {
  caller: 'admin' | 'demo';
  kinds: Kind[];
  flat: boolean;
  /** Where the saved row lives: the platform's (null) or the demo company's. */
  tenant: 'platform' | 'demo';
}
const TARGETS: Record<string, Target> = {
  'POST /api/admin/v1/smsProviders': {
    caller: 'admin',
    kinds: ['aliyun', 'tencent'],
    flat: false,
    tenant: 'platform',
  },
  'PUT /api/admin/v1/smsProviders/{id}': {
    caller: 'admin',
    kinds: ['aliyun', 'tencent'],
    flat: false,
    tenant: 'platform',
  },
  'POST /api/admin/v1/emailProviders': { caller: 'admin', kinds: ['smtp'], flat: false, tenant: 'platform' },
  'PUT /api/admin/v1/emailProviders/{id}': {
    caller: 'admin',
    kinds: ['smtp'],
    flat: false,
    tenant: 'platform',
  },
  'POST /api/admin/v1/parameterSetting/enterpriseMail': {
    caller: 'demo',
    kinds: ['smtp'],
    flat: true,
    tenant: 'demo',
  },
  'POST /api/self-service/v1/wallets/wechat/accounts': {
    caller: 'demo',
    kinds: ['wechat'],
    flat: false,
    tenant: 'demo',
  },
  'PUT /api/self-service/v1/wallets/wechat/accounts/{id}': {
    caller: 'demo',
    kinds: ['wechat'],
    flat: false,
    tenant: 'demo',
  },
  'POST /api/self-service/v1/wallets/alipay/accounts': {
    caller: 'demo',
    kinds: ['alipay'],
    flat: false,
    tenant: 'demo',
  },
  'PUT /api/self-service/v1/wallets/alipay/accounts/{id}': {
    caller: 'demo',
    kinds: ['alipay'],
    flat: false,
    tenant: 'demo',
  },
};

/** Both kinds of saved destinations start from none. */
async function clearAccounts() {
  await clearProviders(app().services.db);
  await app().services.db.delete(walletAccounts);
}

const bodyOf = (target: Target, kind: Kind, config: Record<string, unknown>) =>
  target.flat ? { ...config, enabled: true } : { kind, name: `walk-${kind}`, config };
const fieldName = (target: Target, key: string) => (target.flat ? key : `config.${key}`);

async function send(op: Operation, target: Target, body: unknown, id?: number) {
  return app().app.inject({
    method: op.method,
    url: op.path.replace('{id}', String(id ?? 0)),
    headers: bearer(tokens[target.caller]),
    payload: body as Record<string, unknown>,
  });
}

/** A saved row of this kind for a PUT to edit (the create route of the same family makes it). */
async function rowFor(op: Operation, target: Target, kind: Kind): Promise<number | undefined> {
  if (!op.path.includes('{id}')) return undefined;
  const create = ops.find((o) => o.method === 'POST' && o.path === op.path.replace('/{id}', ''));
  if (!create) throw new Error(`no create route for ${routeName(op)}`);
  const res = await send(create, target, bodyOf(target, kind, CONFIGS[kind]));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

const BLOCKED = [
  '127.0.0.1',
  '127.1',
  '2130706433',
  '0x7f000001',
  '0177.0.0.1',
  '::ffff:127.0.0.1',
  '[::1]',
  'localhost',
  '169.254.169.254',
  '10.0.0.1',
  '192.168.0.10',
  '100.64.0.1',
  '0.0.0.0',
];
/** An endpoint field takes host[:port] with no brackets or colons inside the host. */
const endpointFits = (v: string) => /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(v);

describe('attack walk: outbound guard on every route that saves or tests a destination', () => {
  it('finds exactly the destination routes it has bodies for', () => {
    const found = ops
      .filter((op) => op.body && takes(op, HOST_FIELDS))
      .map(routeName)
      .sort();
    expect(found).toEqual(Object.keys(TARGETS).sort());
  });

  it('refuses an internal destination in every spelling, 400 naming the field, nothing connected', async () => {
    const before = listener.connections;
    let attacks = 0;
    for (const [name, target] of Object.entries(TARGETS)) {
      const op = ops.find((o) => routeName(o) === name) as Operation;
      for (const kind of target.kinds) {
        await clearAccounts();
        const id = await rowFor(op, target, kind);
        const field = DESTINATION_HOST_FIELD[kind] as string;
        for (const spelling of BLOCKED) {
          for (const value of field === 'endpoint'
            ? [spelling, `${spelling}:${listener.port}`]
            : [spelling]) {
            if (field === 'endpoint' && !endpointFits(value)) continue;
            const res = await send(
              op,
              target,
              bodyOf(target, kind, { ...CONFIGS[kind], [field]: value }),
              id,
            );
            attacks++;
            expect(res.statusCode, `${name} ${kind} ${value}: ${res.body}`).toBe(400);
            expect(res.json()).toMatchObject({
              code: 'OUTBOUND_BLOCKED',
              details: { field: fieldName(target, field) },
            });
          }
        }
      }
    }
    expect(attacks).toBeGreaterThan(60);
    expect(listener.connections).toBe(before);
  });

  it('never connects a test send to a stored destination that points inside', async () => {
    const testRoutes = ops.filter(
      (o) => o.method === 'POST' && /\/test$/.test(o.path) && takes(o, new Set(['to'])),
    );
    const families = new Set(Object.keys(TARGETS).map((n) => n.split(' ')[1].replace('/{id}', '')));
    const ours = testRoutes.filter((o) => families.has(o.path.replace(/(\/\{id\})?\/test$/, '')));
    expect(ours.map(routeName).sort()).toEqual([
      'POST /api/admin/v1/emailProviders/{id}/test',
      'POST /api/admin/v1/parameterSetting/enterpriseMail/test',
      'POST /api/admin/v1/smsProviders/{id}/test',
    ]);
    const before = listener.connections;
    for (const op of ours) {
      const sms = op.path.includes('smsProviders');
      for (const kind of (sms ? ['aliyun', 'tencent'] : ['smtp']) as ('aliyun' | 'tencent' | 'smtp')[]) {
        await clearProviders(app().services.db);
        const field = DESTINATION_HOST_FIELD[kind] as string;
        const value = field === 'endpoint' ? `127.1:${listener.port}` : '127.0.0.1';
        const row = await insertProvider(app().services.db, {
          channel: sms ? 'sms' : 'email',
          kind,
          tenantId: op.path.includes('enterpriseMail') ? demoTenant : null,
          config: { ...CONFIGS[kind], [field]: value, port: listener.port, secure: false, protocol: 'http' },
        });
        const res = await app().app.inject({
          method: 'POST',
          url: op.path.replace('{id}', String(row.id)),
          headers: bearer(op.path.includes('enterpriseMail') ? tokens.demo : tokens.admin),
          payload: { to: sms ? '13800138000' : 'me@example.com' },
        });
        expect(res.json(), `${routeName(op)} ${kind}`).toMatchObject({ accepted: false, kind: 'blocked' });
      }
    }
    expect(listener.connections).toBe(before);
  });
});

/** A different value for a destination field. */
function moved(key: string, v: unknown): unknown {
  if (typeof v === 'boolean') return !v;
  if (typeof v === 'number') return v === 2525 ? 2526 : 2525;
  if (key === 'protocol') return v === 'https' ? 'http' : 'https';
  if (key === 'host' || key === 'endpoint') return 'relay.attacker.example';
  // Wallet ids have fixed shapes: another valid one.
  if (key === 'appId') return String(v).startsWith('wx') ? 'wxfedcba9876543210' : '2021000122600099';
  if (key === 'mchId') return '1900000999';
  if (key === 'serialNo') return 'ABCDEF0123456789';
  return `${String(v)}x`;
}

describe('attack walk: the masked-secret rule on every route that takes a masked secret', () => {
  it('finds exactly the secret routes it has bodies for', () => {
    const found = ops
      .filter((op) => op.body && takes(op, SECRET_KEYS))
      .map(routeName)
      .sort();
    expect(found).toEqual(Object.keys(TARGETS).sort());
  });

  it('never keeps a secret for a changed destination: 400 naming the secret, stored secret not moved', async () => {
    let attacks = 0;
    for (const [name, target] of Object.entries(TARGETS)) {
      const op = ops.find((o) => routeName(o) === name) as Operation;
      for (const kind of target.kinds) {
        for (const [secret, fields] of Object.entries(SECRET_DESTINATIONS[kind])) {
          for (const field of fields) {
            await clearAccounts();
            // A row holding the secret: the PUT edits it; the POST of a create route makes a second row with
            // nothing to keep, the POST of 企业邮箱 replaces the company's one.
            let id = await rowFor(op, target, kind);
            if (id === undefined) {
              const first = await send(op, target, bodyOf(target, kind, CONFIGS[kind]));
              expect(first.statusCode, first.body).toBe(200);
              id = first.json().id;
            }
            const config = {
              ...CONFIGS[kind],
              [field]: moved(field, CONFIGS[kind][field]),
              [secret]: SECRET_MASK,
            };
            const res = await send(op, target, bodyOf(target, kind, config), id);
            attacks++;
            expect(res.statusCode, `${name} ${kind} ${field}: ${res.body}`).toBe(400);
            expect(res.json().message).toContain(fieldName(target, secret));
            const rows = [
              ...(await app().services.db.select().from(messageProviders)),
              ...(await app().services.db.select().from(walletAccounts)),
            ];
            for (const row of rows) {
              const c = row.config as Record<string, unknown>;
              if (c[secret] === CONFIGS[kind][secret])
                expect(String(c[field]), `${name} moved ${field} with the secret`).toBe(
                  String(CONFIGS[kind][field]),
                );
            }
          }
        }
      }
    }
    expect(attacks).toBeGreaterThanOrEqual(20);
  });
});
