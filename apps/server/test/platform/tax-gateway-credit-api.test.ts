import { tenants } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from './base-helpers.ts';
import { useTestApp } from '../harness.ts';

const app = useTestApp();
const url = '/api/billing/v1/creditLine';

async function demoTenantId() {
  const [t] = await app().services.db.select().from(tenants).where(eq(tenants.tenantCode, 'T0001'));
  return t.id;
}

describe('credit-line admin API (notes §11.1)', () => {
  it('lets a platform administrator see and adjust a tenant line', async () => {
    const token = await app().login('admin', 'Admin@123');
    const tenantId = await demoTenantId();
    const before = await api(app(), token, 'GET', `${url}?tenantId=${tenantId}`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      tenantId,
      month: expect.stringMatching(/^\d{6}$/),
      monthlyLimitFen: 100_000_000,
      usedFen: 0,
      remainingFen: 100_000_000,
    });
    const put = await api(app(), token, 'PUT', url, { tenantId, monthlyLimitFen: 5_000_000 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ tenantId, monthlyLimitFen: 5_000_000, remainingFen: 5_000_000 });
    expect((await api(app(), token, 'GET', `${url}?tenantId=${tenantId}`)).json().monthlyLimitFen).toBe(
      5_000_000,
    );
  });

  it('validates the tenant and the amount', async () => {
    const token = await app().login('admin', 'Admin@123');
    expect((await api(app(), token, 'GET', `${url}?tenantId=987654`)).statusCode).toBe(404);
    const tenantId = await demoTenantId();
    expect((await api(app(), token, 'PUT', url, { tenantId, monthlyLimitFen: -1 })).statusCode).toBe(400);
    expect((await api(app(), token, 'PUT', url, { tenantId, monthlyLimitFen: 1.5 })).statusCode).toBe(400);
  });

  it('refuses tenant administrators', async () => {
    const token = await app().login('demo', 'Demo@123');
    const tenantId = await demoTenantId();
    expect((await api(app(), token, 'GET', `${url}?tenantId=${tenantId}`)).statusCode).toBe(403);
    expect((await api(app(), token, 'PUT', url, { tenantId, monthlyLimitFen: 1 })).statusCode).toBe(403);
  });
});
