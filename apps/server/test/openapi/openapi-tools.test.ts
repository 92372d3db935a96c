import { createConfig, lintFromString } from '@redocly/openapi-core';
import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../harness.ts';
import { committedTypes, generatedTypes } from './document.ts';
import type { paths } from './generated-paths.ts';

/**
 * Integrators read /api/docs/openapi.json with their own tools: Redocly's linter and openapi-typescript stand in
 * for them. A contract that breaks either (an unresolved reference, a missing security requirement) fails here,
 * and the typed client below is compiled against what openapi-typescript generated from our document.
 */
describe('the OpenAPI document, as outside tools read it', () => {
  const app = useTestApp({ PUBLIC_BASE_URL: 'https://fapiao.example.com' });
  const doc = async () => (await app().app.inject({ url: '/api/docs/openapi.json' })).json();

  it("passes Redocly's recommended rules without an error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(await doc()), config });
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('names where it is served, how each operation is authorised, and every operationId once', async () => {
    const d = await doc();
    expect(d.servers).toEqual([{ url: 'https://fapiao.example.com', description: 'this deployment' }]);
    expect(Object.keys(d.components.securitySchemes).sort()).toEqual(['bearer', 'clientBasic']);
    const ops = Object.values(d.paths as Record<string, Record<string, any>>).flatMap((p) =>
      Object.values(p),
    );
    const ids = ops.map((o) => o.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ops.every((o) => Array.isArray(o.security))).toBe(true);
    expect(d.paths['/api/auth/oauth/token'].post.security).toEqual([{ clientBasic: [] }]);
    expect(d.paths['/api/billing/v1/invoices'].get.security).toEqual([{ bearer: [] }]);
    // Every reference resolves inside the document (the recursive trees are named components).
    const refs = JSON.stringify(d).match(/"\$ref":"[^"]*"/g) ?? [];
    for (const r of refs) expect(r).toMatch(/^"\$ref":"#\/components\/schemas\/[A-Za-z0-9_.-]+"$/);
    for (const r of refs) expect(d.components.schemas[r.split('/').pop()!.slice(0, -1)]).toBeDefined();
  });

  it('generates client types with openapi-typescript, identical to the committed ones', async () => {
    const fresh = await generatedTypes(await doc());
    expect(fresh.length).toBeGreaterThan(10_000);
    // Stale types mean a contract changed without `npm run openapi:types`; the typed client below would lie.
    expect(fresh === committedTypes(), 'generated-paths.ts is stale: run `npm run openapi:types`').toBe(true);
  });

  it('serves a client typed by the generated file', async () => {
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
    const client = createClient<paths>({ baseUrl: 'http://localhost', fetch: fetchThroughInject });
    const token = await t.login('demo', 'Demo@123');
    const { data, error, response } = await client.GET('/api/billing/v1/invoices', {
      params: { query: { page: 1, limit: 5 } },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    // Typed by the generated file: rows and total exist on the reply type.
    expect(typeof data?.total).toBe('number');
    expect(Array.isArray(data?.rows)).toBe(true);
    const refused = await client.GET('/api/billing/v1/invoices', {
      params: { query: { page: 1, limit: 5 } },
    });
    expect(refused.response.status).toBe(401);
  });
});
