import { type CompanyInfo, getCompany, providedOf, updateCompany } from '@fpy/contracts';
import { tenants } from '@fpy/db';
import { SuperAdmin } from '@fpy/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../../http/route.ts';
import { forbidden } from '../../../../lib/errors.ts';
import { creditCodeTaken } from '../tenants/create-company.ts';
import { judgeCreditCode } from '../tenants/credit-code-rule.ts';
import { ownTenant, ownTenantId } from './own-tenant.ts';

const toCompany = (t: typeof tenants.$inferSelect): CompanyInfo => ({
  name: t.name,
  creditCode: t.creditCode,
  address: t.address,
  phone: t.phone,
  bank: t.bank,
  account: t.account,
  tenantCode: t.tenantCode,
  tenantType: t.tenantType,
  invoiceMethod: t.invoiceMethod,
});

export function registerCompanyRoutes(app: FastifyInstance) {
  route(app, getCompany, async (ctx) => toCompany(await ownTenant(ctx)));

  route(app, updateCompany, async (ctx, { body }) => {
    const tenantId = ownTenantId(ctx);
    // The seller block printed on every invoice: only the company's administrator may change it.
    if (ctx.actor.isSuperAdmin !== SuperAdmin.TenantAdmin) throw forbidden('FORBIDDEN.company_admin');
    // Only the fields given change; the credit code is judged (and its warning given) only when sent.
    const given = providedOf(body);
    const credit = given.creditCode === undefined ? null : judgeCreditCode(given.creditCode);
    if (credit) {
      const [dup] = await ctx.db
        .select({ id: tenants.id })
        .from(tenants)
        .where(and(eq(tenants.creditCode, credit.code), ne(tenants.id, tenantId)))
        .limit(1);
      if (dup) throw creditCodeTaken();
    }
    if (!Object.keys(given).length) return { ...toCompany(await ownTenant(ctx)), creditCodeWarning: null };
    const blank = (v: string | null | undefined) => (v === undefined ? undefined : v || null);
    const [t] = await ctx.db
      .update(tenants)
      .set({
        name: given.name,
        creditCode: credit?.code,
        address: blank(given.address),
        phone: blank(given.phone),
        bank: blank(given.bank),
        account: blank(given.account),
      })
      .where(eq(tenants.id, tenantId))
      .returning();
    // Profiles (companyName, registerTaxNo …) are cached per token.
    ctx.invalidateAuthz();
    return { ...toCompany(t), creditCodeWarning: credit?.warning ?? null };
  });
}
