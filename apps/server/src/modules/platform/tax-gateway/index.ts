import { demandSandboxIdentity, getCreditLine, setCreditLine } from '@fpy/contracts';
import { type Db, tenants } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { route } from '../../../http/route.ts';
import { notFound } from '../../../lib/errors.ts';
import { SandboxTaxGateway } from './sandbox/index.ts';

export type { TaxGateway } from '../../../gateways/tax-bureau/gateway.ts';

/**
 * The gateway the product uses. Today always the embedded sandbox with its defaults; a real provider is chosen
 * here later (see README.md). Cheap to build: all state lives in the database.
 */
export function taxGatewayFor(db: Db): SandboxTaxGateway {
  return new SandboxTaxGateway(db);
}

/** The sandbox with its clock set (the demo seed issues each invoice on its own past date). */
export function sandboxGatewayAt(db: Db, now: () => Date): SandboxTaxGateway {
  return new SandboxTaxGateway(db, { now });
}

async function requireTenant(ctx: AuthedCtx, tenantId: number) {
  const [row] = await ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw notFound('NOT_FOUND.company');
}

/** 税务网关: the platform administrators' view and adjustment of a tenant's 授信额度 (§11.1), and the sandbox's identity demand. */
export function registerTaxGatewayModule(app: FastifyInstance, _deps: ModuleDeps) {
  route(app, getCreditLine, async (ctx, { query }) => {
    await requireTenant(ctx, query.tenantId);
    return { tenantId: query.tenantId, ...(await taxGatewayFor(ctx.db).creditLine(query.tenantId)) };
  });
  route(app, setCreditLine, async (ctx, { body }) => {
    await requireTenant(ctx, body.tenantId);
    const line = await taxGatewayFor(ctx.db).setMonthlyLimit(body.tenantId, body.monthlyLimitFen);
    return { tenantId: body.tenantId, ...line };
  });
  // Sandbox lever (开票员身份认证, like the credit line: the bureau's state, not a product record): the bureau asks the tenant's invoicer to confirm; issuing pauses until then.
  route(app, demandSandboxIdentity, async (ctx, { body }) => {
    await requireTenant(ctx, body.tenantId);
    const demand = await taxGatewayFor(ctx.db).demandIdentity(body.tenantId);
    return { tenantId: body.tenantId, state: 'required' as const, askedAt: demand.askedAt.toISOString() };
  });
}
