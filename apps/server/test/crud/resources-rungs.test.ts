import { customers, resourceChanges, tenants } from '@fpy/db';
import { TenantType } from '@fpy/domain';
import { customersMeta } from '@fpy/resources';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bindResource } from '../../src/crud/bind.ts';
import { listRows } from '../../src/crud/register.ts';
import { repository } from '../../src/crud/repository.ts';
import type { AuthedCtx } from '../../src/http/context.ts';
import { customerHooks } from '../../src/modules/sales/customers/hooks.ts';
import { bareUserToken, bearer, useTestApp } from '../harness.ts';

/**
 * Rungs of issue 29 §5: a bulk verb declared on a resource becomes a route of its own (bounded ids, its own
 * code, audited writes in one transaction), and the agent-companies data scope widens the tenant scope to the
 * companies an agent serves — never to anyone else's.
 */
const app = useTestApp();
const ITEMS = '/api/admin/r/dictItems';

const post = (token: string, url: string, payload: object) =>
  app().app.inject({ method: 'POST', url, headers: bearer(token), payload });

describe('bulk verbs on a declared resource', () => {
  it('disables and enables the selected rows, each audited; refuses an empty or oversized selection', async () => {
    const admin = await app().login('admin', 'Admin@123');
    const list = (await app().app.inject({ url: `${ITEMS}?limit=3`, headers: bearer(admin) })).json();
    const ids = list.rows.map((r: { id: number }) => r.id) as number[];
    expect(ids).toHaveLength(3);
    const off = await post(admin, `${ITEMS}/bulk/disable`, { ids: [...ids, ids[0], 987654] });
    expect(off.statusCode).toBe(200);
    // Repeated and unknown ids are skipped, not named.
    expect(off.json()).toEqual({ updated: 3 });
    for (const id of ids) {
      const row = (await app().app.inject({ url: `${ITEMS}/${id}`, headers: bearer(admin) })).json();
      expect(row.enabled).toBe(false);
    }
    const audits = await app()
      .services.db.select()
      .from(resourceChanges)
      .where(and(eq(resourceChanges.resource, 'dictItems'), inArray(resourceChanges.recordId, ids)));
    expect(audits.filter((a) => a.action === 'update')).toHaveLength(3);
    expect((await post(admin, `${ITEMS}/bulk/enable`, { ids })).json()).toEqual({ updated: 3 });

    const empty = await post(admin, `${ITEMS}/bulk/enable`, { ids: [] });
    expect(empty.statusCode).toBe(400);
    const many = Array.from({ length: 201 }, (_, i) => i + 1);
    expect((await post(admin, `${ITEMS}/bulk/enable`, { ids: many })).statusCode).toBe(400);
  });

  it('needs the verb’s code: a company account lacking it is refused, an anonymous caller too', async () => {
    const nobody = await bareUserToken(app());
    expect((await post(nobody, `${ITEMS}/bulk/disable`, { ids: [1] })).statusCode).toBe(403);
    const anon = await app().app.inject({
      method: 'POST',
      url: `${ITEMS}/bulk/disable`,
      payload: { ids: [1] },
    });
    expect(anon.statusCode).toBe(401);
  });
});

/** A request context of a made-up account of the given company, for calling the data path directly. */
function ctxOf(tenantId: number): AuthedCtx {
  const t = app();
  return {
    ...t.services,
    actor: {
      userId: 1,
      username: `u${tenantId}`,
      name: 'scope test',
      tenantId,
      isSuperAdmin: 1,
      isInsideUser: 0,
      codes: new Set(),
      platform: false,
      tokenHash: 'test',
    },
    requestId: 'scope-test',
    ip: '127.0.0.9',
    userAgent: 'vitest',
    lang: 'zh',
    log: t.app.log,
  };
}

async function company(name: string, tenantType: number, parentId: number | null = null) {
  const [row] = await app()
    .services.db.insert(tenants)
    .values({ name, creditCode: `91${name.length}`, tenantCode: `scope-${name}`, tenantType, parentId })
    .returning({ id: tenants.id });
  await app()
    .services.db.insert(customers)
    .values({ tenantId: row.id, name: `${name}的客户`, naturalPerson: true });
  return row.id;
}

describe('the agent-companies data scope', () => {
  // The rung, on a resource bound for this test only: no product resource widens its scope yet.
  const agentScoped = bindResource({ ...customersMeta, scope: 'agent-companies' }, customers, {
    hooks: customerHooks,
    keyword: [customers.name],
  });
  const names = async (tenantId: number) => {
    const page = await listRows(ctxOf(tenantId), agentScoped, { page: 1, limit: 100, sort: 'id' } as never);
    return (page.rows as { name: string }[]).map((r) => r.name).filter((n) => n.startsWith('范围'));
  };

  it('shows an agent its own rows and those of the companies it serves, and a company only its own', async () => {
    const agent = await company('范围代理', TenantType.Agent);
    const served = await company('范围客户甲', TenantType.AgentClient, agent);
    const other = await company('范围独立', TenantType.Enterprise);
    const otherAgent = await company('范围别家代理', TenantType.Agent);
    const notServed = await company('范围客户乙', TenantType.AgentClient, otherAgent);
    // A group's subsidiary with the agent as parent but not marked as its client is not served.
    const subsidiary = await company('范围子公司', TenantType.Enterprise, agent);

    expect((await names(agent)).sort()).toEqual(['范围代理的客户', '范围客户甲的客户'].sort());
    expect(await names(served)).toEqual(['范围客户甲的客户']);
    expect(await names(other)).toEqual(['范围独立的客户']);
    expect(await names(notServed)).toEqual(['范围客户乙的客户']);
    expect(await names(subsidiary)).toEqual(['范围子公司的客户']);
    // A served company is no agent: it never sees its agent's rows.
    expect(await names(served)).not.toContain('范围代理的客户');

    // Reads by id and writes follow the same scope: the agent reaches a served row, a company another's not.
    const [servedRow] = await app()
      .services.db.select({ id: customers.id })
      .from(customers)
      .where(eq(customers.tenantId, served));
    await expect(repository(ctxOf(agent), agentScoped).get(servedRow.id)).resolves.toMatchObject({
      tenantId: served,
    });
    await expect(repository(ctxOf(otherAgent), agentScoped).get(servedRow.id)).rejects.toMatchObject({
      httpStatus: 404,
    });
    await expect(
      repository(ctxOf(other), agentScoped).update(servedRow.id, { address: '不该写入' }),
    ).rejects.toMatchObject({ httpStatus: 404 });
    // An update never moves a row to another company, even when the body names one.
    const moved = await repository(ctxOf(agent), agentScoped).update(servedRow.id, {
      address: '代理改的地址',
      tenantId: other,
    });
    expect(moved).toMatchObject({ tenantId: served, address: '代理改的地址' });
  });

  it('leaves tenant-scoped resources as they were: an agent sees only its own rows there', async () => {
    const [agent] = await app()
      .services.db.select({ id: tenants.id })
      .from(tenants)
      .where(eq(tenants.tenantCode, 'scope-范围代理'));
    const tenantOnly = bindResource(customersMeta, customers, {
      hooks: customerHooks,
      keyword: [customers.name],
    });
    const page = await listRows(ctxOf(agent.id), tenantOnly, { page: 1, limit: 100, sort: 'id' } as never);
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((r) => r.tenantId === agent.id)).toBe(true);
  });
});
