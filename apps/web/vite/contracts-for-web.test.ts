import * as contracts from '@fpy/contracts';
import { describe, expect, it } from 'vitest';
import { contractsForWeb } from './contracts-for-web.ts';

type Hook = (this: unknown, id: string) => unknown;
const plugin = contractsForWeb();
const hook = (name: 'resolveId' | 'load') => plugin[name] as unknown as Hook;
const isRoute = (v: unknown): v is contracts.RouteContract =>
  !!v && typeof v === 'object' && 'method' in v && 'path' in v && 'permission' in v;

describe('the console’s view of the contracts', () => {
  it('serves every route as method, path and permission, without its schemas', async () => {
    const routesId = hook('resolveId').call(null, '@fpy/contracts/routes') as string;
    const code = (await hook('load').call(null, routesId)) as string;
    const light = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Record<
      string,
      Record<string, unknown>
    >;
    const routes = Object.entries(contracts).filter(([, v]) => isRoute(v));
    expect(routes.length).toBeGreaterThan(100);
    for (const [name, full] of routes as [string, contracts.RouteContract][]) {
      const r = light[name];
      expect(r, name).toBeDefined();
      expect({ method: r.method, path: r.path, permission: r.permission, consumes: r.consumes }).toEqual({
        method: full.method,
        path: full.path,
        permission: full.permission,
        consumes: full.consumes,
      });
      if (full.body) expect(() => r.body, name).toThrow(/schema/);
    }
    // Nothing of zod in it.
    expect(code).not.toMatch(/zod/);
  }, 120_000);

  it('serves @fpy/contracts as those routes plus every other export from its own file', async () => {
    const webId = hook('resolveId').call(null, '@fpy/contracts') as string;
    const code = (await hook('load').call(null, webId)) as string;
    expect(code).toMatch(/^export \* from ".*packages\/contracts\/src\/index\.ts";/);
    expect(code).toContain('createInvoice');
  }, 120_000);
});
