import { type Db, tenants } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { taxGatewayFor } from '../modules/platform/tax-gateway/index.ts';

/**
 * 开票员身份认证 on a fresh start (issue 30, /validate): the sandbox bureau asks 北京代账服务有限公司 (T0003, the
 * agent's own company) to confirm its invoicer, so 开票人设置 shows the demand and hands out the link. Not the demo
 * company: its issuing stays open for everything else the demo shows.
 */
export async function seedIdentityDemo(db: Db, tenantCode = 'T0003') {
  const [tenant] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.tenantCode, tenantCode));
  if (tenant) await taxGatewayFor(db).demandIdentity(tenant.id);
}
