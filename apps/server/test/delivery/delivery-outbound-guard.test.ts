import http from 'node:http';
import { users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  guardedAgent,
  OutboundBlocked,
  OutboundGuard,
  withOutboundGuard,
} from '../../src/lib/outbound/index.ts';
import { clearProviders, gatewayOf, insertProvider } from './delivery-providers-helpers.ts';
import { bearer, useTestApp } from '../harness.ts';
import { INTERNAL_BANNER, INTERNAL_SECRET, startInternalListener } from '../stand-ins/internal-listener.ts';

/**
 * Issue 28 §1: the server connects to no loopback, private, link-local, unspecified, multicast or reserved
 * address on a tenant's or an administrator's word, in any spelling, checked after resolution on every
 * connection; OUTBOUND_ALLOW_HOSTS names the exceptions. This app allows nothing (the harness's default allows
 * loopback for the stand-ins; '' here means none).
 */
const app = useTestApp({ OUTBOUND_ALLOW_HOSTS: '' });
let listener: Awaited<ReturnType<typeof startInternalListener>>;
let admin: string;
let demo: string;

beforeAll(async () => {
  listener = await startInternalListener();
  admin = await app().login('admin', 'Admin@123');
  demo = await app().login('demo', 'Demo@123');
});
afterAll(async () => {
  await listener?.close();
});
beforeEach(async () => {
  await clearProviders(app().services.db);
});

/** Loopback in every spelling a resolver accepts, and every other range the guard refuses. */
const LOOPBACK = [
  '127.0.0.1',
  '127.1',
  '2130706433',
  '0x7f000001',
  '0177.0.0.1',
  '0x7f.1',
  '::ffff:127.0.0.1',
  '[::ffff:7f00:1]',
  '::1',
  '[::1]',
  'localhost',
  'LocalHost.',
  'mail.localhost',
];
const OTHER_RANGES = [
  '0.0.0.0',
  '0',
  '10.0.0.1',
  '172.16.5.4',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  'fe80::1',
  'fc00::1',
  'fd12:3456::1',
  'ff02::1',
  '224.0.0.1',
  '255.255.255.255',
  '240.0.0.1',
  '198.18.0.1',
  '192.0.2.1',
  '64:ff9b::7f00:1',
  '2002:7f00:1::1',
];

/** A resolver answering from a table (a name that changes its answer between calls takes a list of answers). */
function fakeResolver(table: Record<string, string[][]>) {
  const calls: Record<string, number> = {};
  return async (host: string) => {
    const answers = table[host.toLowerCase()];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    const n = calls[host] ?? 0;
    calls[host] = n + 1;
    return answers[Math.min(n, answers.length - 1)].map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
  };
}

describe('the outbound guard (lib/outbound)', () => {
  const strict = new OutboundGuard();

  it.each([...LOOPBACK, ...OTHER_RANGES])('refuses %s before a packet is sent', async (host) => {
    const before = listener.connections;
    const err = await strict.connect(host, listener.port, 2000).catch((e) => e);
    expect(err).toBeInstanceOf(OutboundBlocked);
    expect(err.code).toBe('OUTBOUND_BLOCKED');
    expect(listener.connections).toBe(before);
  });

  it('refuses a name that resolves to an internal address, and a name with one internal address among others', async () => {
    const before = listener.connections;
    const guard = new OutboundGuard(
      undefined,
      fakeResolver({
        'intranet.example.com': [['10.1.2.3']],
        'mixed.example.com': [['93.184.216.34', '127.0.0.1']],
      }),
    );
    await expect(guard.connect('intranet.example.com', listener.port, 2000)).rejects.toBeInstanceOf(
      OutboundBlocked,
    );
    await expect(guard.connect('mixed.example.com', listener.port, 2000)).rejects.toBeInstanceOf(
      OutboundBlocked,
    );
    expect(listener.connections).toBe(before);
  });

  it('checks on every connection after resolution: a name that changes its answer cannot slip through', async () => {
    const before = listener.connections;
    // DNS rebinding: public when first asked (a check at save time), loopback when the connection resolves it.
    const guard = new OutboundGuard(
      undefined,
      fakeResolver({ 'rebind.example.com': [['93.184.216.34'], ['127.0.0.1']] }),
    );
    expect(await guard.vet('rebind.example.com')).toBeNull();
    await expect(guard.connect('rebind.example.com', listener.port, 2000)).rejects.toBeInstanceOf(
      OutboundBlocked,
    );
    expect(listener.connections).toBe(before);
  });

  it('allows what OUTBOUND_ALLOW_HOSTS names: an address, a range, a host name — and nothing else', async () => {
    const before = listener.connections;
    const resolver = fakeResolver({
      'relay.corp.example': [['127.0.0.1']],
      'other.corp.example': [['127.0.0.1']],
    });
    const byAddress = OutboundGuard.fromSetting('127.0.0.1', resolver);
    const byRange = OutboundGuard.fromSetting('10.0.0.0/8, 127.0.0.0/8', resolver);
    const byName = OutboundGuard.fromSetting('relay.corp.example', resolver);
    for (const [guard, host] of [
      [byAddress, '127.0.0.1'],
      [byAddress, '2130706433'],
      [byRange, '127.0.0.1'],
      [byName, 'relay.corp.example'],
    ] as const) {
      const socket = await guard.connect(host, listener.port, 2000);
      socket.destroy();
    }
    expect(listener.connections - before).toBe(4);
    expect(await byRange.vet('127.9.9.9')).toBeNull();
    expect(await byAddress.vet('127.0.0.2')).toBeInstanceOf(OutboundBlocked);
    await expect(byRange.connect('169.254.169.254', 80, 2000)).rejects.toBeInstanceOf(OutboundBlocked);
    await expect(byName.connect('other.corp.example', listener.port, 2000)).rejects.toBeInstanceOf(
      OutboundBlocked,
    );
    expect(listener.connections - before).toBe(4);
  });

  it("guards SDKs' HTTP: an agent given to the SDK, and a scope for an SDK that takes none", async () => {
    const before = listener.connections;
    const get = (url: string, agent?: http.Agent) =>
      new Promise<string>((resolve) =>
        http
          .get(url, { agent }, (r) => {
            r.resume();
            resolve(String(r.statusCode));
          })
          .on('error', (e) => resolve((e as NodeJS.ErrnoException).code ?? e.message)),
      );
    for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]', '2130706433'])
      expect(await get(`http://${host}:${listener.port}/`, guardedAgent(strict, 'http'))).toBe(
        'OUTBOUND_BLOCKED',
      );
    expect(await withOutboundGuard(strict, () => get(`http://127.1:${listener.port}/`))).toBe(
      'OUTBOUND_BLOCKED',
    );
    expect(listener.connections).toBe(before);
  });
});

const SMS = '/api/admin/v1/smsProviders';
const EMAIL = '/api/admin/v1/emailProviders';
const MAIL = '/api/admin/v1/parameterSetting/enterpriseMail';

const call = (token: string, method: 'POST' | 'PUT', url: string, payload: unknown, lang = 'zh-CN') =>
  app().app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': lang },
    payload: payload as Record<string, unknown>,
  });

const mailbox = (host: string) => ({
  host,
  port: 25,
  secure: false,
  user: 'fapiao@demo.example',
  pass: 'mailbox-pass',
  from: 'fapiao@demo.example',
});

describe('routes that save a destination refuse an internal one, 400 naming the field', () => {
  it.each(LOOPBACK)('企业邮箱 host %s', async (host) => {
    const res = await call(demo, 'POST', MAIL, mailbox(host));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'OUTBOUND_BLOCKED', details: { field: 'host' } });
    expect(res.json().message).toContain('内网、本机或保留地址');
  });

  it.each(OTHER_RANGES)('platform SMTP host %s', async (host) => {
    const res = await call(admin, 'POST', EMAIL, { kind: 'smtp', name: 'x', config: mailbox(host) }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'OUTBOUND_BLOCKED', details: { field: 'config.host' } });
    expect(res.json().message).toContain('internal, loopback or reserved');
  });

  it.each(['127.0.0.1:8080', '2130706433', 'localhost:80', '169.254.169.254', '10.0.0.8:443', '0x7f000001'])(
    'SMS endpoints %s (阿里云 and 腾讯云, new and edited)',
    async (endpoint) => {
      const aliyun = {
        kind: 'aliyun',
        name: 'a',
        config: { accessKeyId: 'LTAI', accessKeySecret: 's', signName: '发票云', endpoint },
      };
      const tencent = {
        kind: 'tencent',
        name: 't',
        config: { secretId: 'AKID', secretKey: 's', sdkAppId: '1400000000', signName: '发票云', endpoint },
      };
      for (const body of [aliyun, tencent]) {
        const res = await call(admin, 'POST', SMS, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'OUTBOUND_BLOCKED', details: { field: 'config.endpoint' } });
      }
      const saved = await call(admin, 'POST', SMS, {
        ...aliyun,
        config: { ...aliyun.config, endpoint: 'dysmsapi.aliyuncs.com' },
      });
      expect(saved.statusCode).toBe(200);
      const edited = await call(admin, 'PUT', `${SMS}/${saved.json().id}`, aliyun);
      expect(edited.statusCode).toBe(400);
      expect(edited.json().code).toBe('OUTBOUND_BLOCKED');
    },
  );
});

describe('a stored destination that points inside (saved before, or a name that moved) is never connected to', () => {
  it('test sends answer "blocked" in the caller\'s language, nothing reaches the listener, no remote text', async () => {
    const before = listener.connections;
    const [demoUser] = await app().services.db.select().from(users).where(eq(users.username, 'demo'));
    const smtp = {
      host: '127.0.0.1',
      port: listener.port,
      secure: false,
      user: 'u',
      pass: 'p',
      from: 'a@example.com',
    };
    await insertProvider(app().services.db, {
      channel: 'email',
      kind: 'smtp',
      tenantId: demoUser.tenantId,
      config: smtp,
    });
    const platformMail = await insertProvider(app().services.db, {
      channel: 'email',
      kind: 'smtp',
      config: { ...smtp, host: 'localhost' },
    });
    const aliyun = await insertProvider(app().services.db, {
      channel: 'sms',
      kind: 'aliyun',
      config: {
        accessKeyId: 'k',
        accessKeySecret: 's',
        signName: '发票云',
        templateCode: 'SMS_1',
        endpoint: `127.1:${listener.port}`,
        protocol: 'http',
        regionId: 'cn-hangzhou',
      },
    });
    const tencent = await insertProvider(app().services.db, {
      channel: 'sms',
      kind: 'tencent',
      config: {
        secretId: 'k',
        secretKey: 's',
        sdkAppId: '1400000000',
        signName: '发票云',
        templateId: '1',
        endpoint: `localhost:${listener.port}`,
        protocol: 'http',
        region: 'ap-guangzhou',
      },
    });
    const replies = [
      await call(demo, 'POST', `${MAIL}/test`, { to: 'me@example.com' }),
      await call(admin, 'POST', `${EMAIL}/${platformMail.id}/test`, { to: 'me@example.com' }, 'en'),
      await call(admin, 'POST', `${SMS}/${aliyun.id}/test`, { to: '13800138000' }),
      await call(admin, 'POST', `${SMS}/${tencent.id}/test`, { to: '13800138000' }, 'en'),
    ];
    for (const [i, res] of replies.entries()) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        accepted: false,
        kind: 'blocked',
        code: 'OUTBOUND_BLOCKED',
        retryable: false,
      });
      expect(res.json().message).toBe(
        i % 2
          ? 'The address is internal, loopback or reserved; the connection was refused'
          : '目标地址属于内网、本机或保留地址，已拒绝连接',
      );
    }
    expect(listener.connections).toBe(before);
  });

  it('a message sent through such an account is refused with OUTBOUND_BLOCKED and fails over', async () => {
    const before = listener.connections;
    await insertProvider(app().services.db, {
      channel: 'email',
      kind: 'smtp',
      priority: 1,
      config: {
        host: '0x7f000001',
        port: listener.port,
        secure: false,
        user: null,
        pass: '',
        from: 'a@example.com',
      },
    });
    await insertProvider(app().services.db, { channel: 'email', kind: 'sandbox', priority: 2, config: {} });
    const accepted = await gatewayOf(app()).sendEmail(null, { to: 'x@example.com', subject: 's', text: 't' });
    expect(accepted.providerKind).toBe('sandbox');
    expect(listener.connections).toBe(before);
  });
});

it('the internal listener really answers (so a zero count means the guard held)', async () => {
  const guard = OutboundGuard.fromSetting('127.0.0.1');
  const socket = await guard.connect('127.0.0.1', listener.port, 2000);
  const banner = await new Promise<string>((resolve) => socket.once('data', (d) => resolve(d.toString())));
  socket.destroy();
  expect(banner).toContain(INTERNAL_BANNER);
  expect(INTERNAL_SECRET).toBeTruthy();
});
