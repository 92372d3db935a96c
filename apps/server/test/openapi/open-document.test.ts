import { createHash, createHmac, randomUUID } from 'node:crypto';
import { openErrorCatalogue } from '@fpy/contracts';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import createClient, { type Middleware } from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { DEMO_OPEN_APPS, DEMO_TAX_NO } from '../../src/modules/open-platform/gateway/index.ts';
import { useTestApp } from '../harness.ts';
import { committedOpenTypes, generatedTypes, OPEN_HEADER } from './document.ts';
import type { paths } from './generated-open-paths.ts';

/**
 * The open API's document (/openapi/v1/openapi.json, issue 32) held to the console document's outside checks:
 * Redocly's recommended rules, openapi-typescript, and an openapi-fetch client that signs its requests (a
 * middleware written from the signing guide) and issues an invoice.
 */
describe('the open API document, as an integrator reads it', () => {
  const app = useTestApp({ PUBLIC_BASE_URL: 'https://fapiao.example.com' });
  const doc = async () => (await app().app.inject({ url: '/openapi/v1/openapi.json' })).json();

  it("passes Redocly's recommended rules without an error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(await doc()), config });
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('has both security schemes, the envelope, every error code and the opened operations', async () => {
    const d = await doc();
    expect(Object.keys(d.components.securitySchemes).sort()).toEqual([
      'appKey',
      'clientCredentials',
      'signature',
    ]);
    expect(d.components.securitySchemes.clientCredentials.flows.clientCredentials.tokenUrl).toBe(
      'https://fapiao.example.com/api/auth/oauth/token',
    );
    expect(d.components.schemas.OpenEnvelope.required).toEqual(['code', 'message', 'requestId', 'data']);
    expect(d.components.schemas.OpenErrorCode.enum).toEqual(openErrorCatalogue.map((e) => e.code));
    expect(d['x-error-codes']).toHaveLength(openErrorCatalogue.length);
    const ops = Object.values(d.paths as Record<string, Record<string, any>>)
      .flatMap((p) => Object.values(p))
      .map((o) => o['x-operation']);
    for (const op of [
      'invoice.issue',
      'invoice.get',
      'invoice.query',
      'invoice.redLetter',
      'invoice.void',
      'invoice.download',
      'invoice.deliver',
      'invoice.calculate',
      'coding.ai',
      'taxCode.get',
      'customer.search',
      'received.query',
      'received.get',
    ])
      expect(ops).toContain(op);
    expect(d.paths['/openapi/v1/invoices'].post.description).toMatch(/clientSerial/);
  });

  it('generates client types with openapi-typescript, identical to the committed ones', async () => {
    const fresh = await generatedTypes(await doc(), OPEN_HEADER);
    expect(fresh.length).toBeGreaterThan(5_000);
    expect(
      fresh === committedOpenTypes(),
      'generated-open-paths.ts is stale: run `npm run openapi:types`',
    ).toBe(true);
  });

  it('an openapi-fetch client with a signing middleware issues an invoice, once per serial', async () => {
    const t = app();
    const fetchThroughInject = async (req: Request) => {
      const url = new URL(req.url);
      const res = await t.app.inject({
        method: req.method as 'GET',
        url: url.pathname + url.search,
        headers: Object.fromEntries(req.headers),
        payload: req.body ? Buffer.from(await req.arrayBuffer()) : undefined,
      });
      return new Response(res.rawPayload, {
        status: res.statusCode,
        headers: res.headers as Record<string, string>,
      });
    };
    // The integrator's middleware, from the signing guide.
    const signing = (appKey: string, appSecret: string): Middleware => ({
      async onRequest({ request }) {
        const url = new URL(request.url);
        const body = request.body ? await request.clone().text() : '';
        const sorted = [...url.searchParams.entries()]
          .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1))
          .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
          .join('&');
        const timestamp = String(Math.floor(Date.now() / 1000));
        const nonce = randomUUID();
        const sts = [
          request.method,
          url.pathname,
          sorted,
          createHash('sha256').update(body).digest('hex'),
          timestamp,
          nonce,
        ].join('\n');
        request.headers.set('X-Fpy-AppKey', appKey);
        request.headers.set('X-Fpy-Timestamp', timestamp);
        request.headers.set('X-Fpy-Nonce', nonce);
        request.headers.set('X-Fpy-Signature', createHmac('sha256', appSecret).update(sts).digest('hex'));
        return request;
      },
    });
    const client = createClient<paths>({ baseUrl: 'http://localhost', fetch: fetchThroughInject });
    client.use(signing(DEMO_OPEN_APPS.isv.appKey, DEMO_OPEN_APPS.isv.appSecret));
    const body = {
      clientSerial: `SDK-${randomUUID()}`,
      type: 'digital_special' as const,
      pricingMode: 'exclusive' as const,
      buyer: { name: '上海云帆信息技术有限公司', taxNumber: '91310104MA1FR8KX39' },
      lines: [
        {
          name: '*信息技术服务*接口服务费',
          taxCode: '1060301020100000000',
          unit: '次',
          quantity: '2',
          unitPrice: '100',
          rate: 'rate_13' as const,
        },
      ],
      totals: { amountFen: 20_000, taxFen: 2_600, totalFen: 22_600 },
    };
    const headers = { 'X-Tenant-Tax-No': DEMO_TAX_NO };
    const first = await client.POST('/openapi/v1/invoices', { params: { header: headers }, body });
    expect(first.error).toBeUndefined();
    expect(first.response.status).toBe(201);
    // Typed by the generated file: the envelope and the invoice in data.
    expect(first.data?.code).toBe('OK');
    const id = first.data?.data?.id;
    expect(typeof id).toBe('number');
    const again = await client.POST('/openapi/v1/invoices', { params: { header: headers }, body });
    expect(again.response.status).toBe(200);
    expect(again.data?.data?.id).toBe(id);
    const one = await client.GET('/openapi/v1/invoices/{id}', {
      params: { path: { id: id as number }, header: headers },
    });
    expect(one.data?.data?.clientSerial).toBe(body.clientSerial);
  });
});
