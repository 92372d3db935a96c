import { createHmac } from 'node:crypto';
import { openApps, openCallLogs } from '@fpy/db';
import { openErrorCatalogue } from '@fpy/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPEN_APPS, openGatewayOf, sign } from '../../src/modules/open-platform/gateway/index.ts';
import { bareUserToken, bearer, useTestApp } from '../harness.ts';
import { invoiceBody } from '../sales/invoicing-helpers.ts';
import { createApp } from './webhook-helpers.ts';

const app = useTestApp();
const DOCS = '/api/open-platform/docs';
let token: string;
let demoAppId: number;

beforeAll(async () => {
  token = await app().login('demo', 'Demo@123');
  const [row] = await app()
    .services.db.select()
    .from(openApps)
    .where(eq(openApps.appKey, DEMO_OPEN_APPS.own.appKey));
  demoAppId = row.id;
});

const get = (url: string, tok = token) => app().app.inject({ url, headers: bearer(tok) });
const tryIt = (payload: object, tok = token) =>
  app().app.inject({ method: 'POST', url: `${DOCS}/try`, headers: bearer(tok), payload });

describe('each product line’s open APIs, from the contracts', () => {
  it('lists the output-invoice operations with open paths, schemas and the idempotency key', async () => {
    const res = await get(`${DOCS}/groups/output-invoice`);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({ group: 'output-invoice', prefix: '/openapi/v1', viewer: '/docs/openapi/' });
    const issue = doc.operations.find((o: { operation: string }) => o.operation === 'invoice.issue');
    expect(issue).toMatchObject({ method: 'POST', idempotencyKey: 'clientSerial', allowed: true });
    expect(issue.path.startsWith('/openapi/v1/')).toBe(true);
    expect(issue.body.properties).toHaveProperty('clientSerial');
    expect(doc.headers.signature).toBe('X-Fpy-Signature');
  });

  it('refuses an unknown group naming the field, and a user without any docs page', async () => {
    const bad = await get(`${DOCS}/groups/nope`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('group');
    const bare = await bareUserToken(app());
    expect((await get(`${DOCS}/groups/output-invoice`, bare)).statusCode).toBe(403);
    expect((await get(`${DOCS}/error-codes`, bare)).statusCode).toBe(403);
  });
});

describe('try it: signed with an app of the company, through the real open route', () => {
  it('issues an invoice in the sandbox and shows request, string to sign, signature and reply', async () => {
    const apps = (await get(`${DOCS}/apps`)).json().rows as { id: number; appKey: string }[];
    expect(apps.map((a) => a.id)).toContain(demoAppId);
    const res = await tryIt({
      appId: demoAppId,
      operation: 'invoice.issue',
      body: invoiceBody({ totals: undefined }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out.request.headers['X-Fpy-AppKey']).toBe(DEMO_OPEN_APPS.own.appKey);
    expect(JSON.stringify(out)).not.toContain(DEMO_OPEN_APPS.own.appSecret);
    // The signature is the documented one, recomputable by anyone holding the secret.
    const expected = sign(DEMO_OPEN_APPS.own.appSecret, {
      method: 'POST',
      url: out.request.url,
      bodySha256: out.bodySha256,
      timestamp: out.request.headers['X-Fpy-Timestamp'],
      nonce: out.request.headers['X-Fpy-Nonce'],
    });
    expect(out.signature).toBe(expected);
    expect(createHmac('sha256', DEMO_OPEN_APPS.own.appSecret).update(out.stringToSign).digest('hex')).toBe(
      out.signature,
    );
    expect(out.response.status).toBeLessThan(300);
    expect(out.response.body).toMatchObject({ code: 'OK', data: { clientSerial: expect.any(String) } });
    expect(out.response.headers['x-ratelimit-limit']).toBeDefined();
  });

  it('a query with parameters; an app of another company or an unknown operation is refused', async () => {
    const res = await tryIt({ appId: demoAppId, operation: 'invoice.query', query: { page: 1, limit: 5 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request.url).toContain('page=1');
    expect(res.json().response.body.code).toBe('OK');
    const elsewhere = await createApp(app(), {
      url: 'https://hooks.example.com/x',
      events: [],
      secret: 's'.repeat(40),
      tenantId: 424_242,
    });
    expect((await tryIt({ appId: elsewhere.id, operation: 'invoice.query' })).statusCode).toBe(404);
    expect((await tryIt({ appId: demoAppId, operation: 'invoice.nope' })).statusCode).toBe(404);
    const bad = await tryIt({ appId: 'x', operation: 'invoice.query' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('appId');
  });
});

describe('limits, webhooks and error codes', () => {
  it('current limits: defaults and operator rows, and the usage the call log shows', async () => {
    await openGatewayOf(app().app)?.log.flush();
    const res = await get(`${DOCS}/limits`);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out.limits.map((l: { scope: string }) => l.scope)).toEqual(
      expect.arrayContaining(['app', 'enterprise', 'api']),
    );
    const mine = out.usage.find((u: { appId: number }) => u.appId === demoAppId);
    const [{ n }] = await app()
      .services.db.select({ n: openCallLogs.id })
      .from(openCallLogs)
      .where(eq(openCallLogs.appId, demoAppId))
      .limit(1);
    expect(n).toBeGreaterThan(0);
    expect(mine.today).toBeGreaterThanOrEqual(2);
    expect(out.headers).toContain('X-RateLimit-Remaining');
  });

  it('webhook samples are signed as real deliveries are', async () => {
    const res = await get(`${DOCS}/webhooks`);
    expect(res.statusCode).toBe(200);
    const out = res.json();
    expect(out.events.map((e: { type: string }) => e.type)).toEqual([
      'invoice.issued',
      'invoice.failed',
      'invoice.red_lettered',
      'invoice.voided',
      'invoice.delivered',
    ]);
    for (const e of out.events) {
      const ts = e.headers['X-Fpy-Timestamp'];
      const sig = createHmac('sha256', out.secret).update(`${ts}.${e.body}`).digest('hex');
      expect(e.headers['X-Fpy-Signature']).toBe(sig);
      expect(JSON.parse(e.body).id).toBe(e.headers['X-Fpy-Event-Id']);
    }
    expect(out.retry.horizonHours).toBe(24);
  });

  it('every catalogue code with its status, zh/en message and remedy', async () => {
    const res = await get(`${DOCS}/error-codes`);
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toHaveLength(openErrorCatalogue.length);
    for (const r of res.json().rows) {
      expect(r.message.zh && r.message.en && r.remedy.zh && r.remedy.en).toBeTruthy();
    }
  });

  it('the open document’s viewer is served at its stable URL (swagger-ui, no inline script)', async () => {
    const page = await app().app.inject({ url: '/docs/openapi/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/docs/openapi/swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/<script>[^<]/);
    const js = await app().app.inject({ url: '/docs/openapi/swagger-ui-bundle.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body.length).toBeGreaterThan(100_000);
    const init = await app().app.inject({ url: '/docs/openapi/init.js' });
    expect(init.body).toContain('/openapi/v1/openapi.json');
    const doc = await app().app.inject({ url: '/openapi/v1/openapi.json' });
    expect(doc.statusCode).toBe(200);
  });
});
