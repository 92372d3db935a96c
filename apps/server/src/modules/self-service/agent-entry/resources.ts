import { agentCodes, tenants } from '@fpy/db';
import { agentCodesMeta } from '@fpy/resources';
import { inArray, sql } from 'drizzle-orm';
import { bindResource, type ResourceHooks } from '../../../crud/bind.ts';
import { badRequest } from '../../../lib/errors.ts';
import { newAgentCode } from './code.ts';

/** The served companies' names in id order, from the listed row's tenant_ids (qualified by hand: a subquery). */
const tenantNames = sql<string>`(select string_agg(${tenants.name}, '、' order by ${tenants.id}) from ${tenants} where ${tenants.id} = any(string_to_array(${sql.raw('"agent_codes"."tenant_ids"')}, ',')::int[]))`;

/**
 * Every served company must exist (an unknown id is a 400 naming 服务的企业); the code is made once, on create,
 * from the CSPRNG and never changes (it is printed on posters in halls).
 */
const hooks: ResourceHooks = {
  async beforeWrite(ctx, values) {
    if (typeof values.tenantIds !== 'string') return;
    const ids = values.tenantIds.split(',').map(Number);
    const found = await ctx.db.select({ id: tenants.id }).from(tenants).where(inArray(tenants.id, ids));
    const known = new Set(found.map((r) => r.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length)
      throw badRequest('AGENT_TENANT_UNKNOWN', { ids: unknown.join(',') }, { field: 'tenantIds' });
  },
  derive: (_values, existing) => (existing ? {} : { code: newAgentCode() }),
};

/** 代理商入口管理 (platform console, menu agentCodeManage): every agent code, with its companies' names. */
export const agentCodesResource = bindResource(agentCodesMeta, agentCodes, {
  hooks,
  keyword: [agentCodes.name, agentCodes.code],
  computed: { tenantNames },
});
