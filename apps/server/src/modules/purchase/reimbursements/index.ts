import { createExpenseClaim, getExpenseClaim, listExpenseClaims, withdrawExpenseClaim } from '@fpy/contracts';
import { expenseClaimInvoices, expenseClaims } from '@fpy/db';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { offsetOf } from '../../../data/paging.ts';
import type { ModuleDeps } from '../../../http/module.ts';
import { route } from '../../../http/route.ts';
import { notFound } from '../../../lib/errors.ts';
import { ownTenant } from '../checks/index.ts';
import { createClaim } from './verbs/create-claim.ts';
import { withdrawClaim } from './verbs/withdraw-claim.ts';
import { claimInvoiceView, claimView, holdersOf } from './views.ts';

/**
 * 发票报销 (issue 31, lane CHECK): tables expense_claims and expense_claim_invoices (UNIQUE tenant + invoice key:
 * an invoice is reimbursed once). What other modules use: `holdersOf(db, tenantId, keys)` — which claim, who and
 * when holds an invoice (lane DEDUCT refuses selecting a reimbursed invoice with it, if it wishes).
 */
export { holdersOf };
/** The claim verb itself, for the demo seed. */
export { createClaim as createExpenseClaimFor };

export function registerReimbursementsModule(app: FastifyInstance, _deps: ModuleDeps) {
  route(app, createExpenseClaim, async (ctx, { body }) => createClaim(ctx, body));
  route(app, withdrawExpenseClaim, async (ctx, { params, body }) =>
    withdrawClaim(ctx, params.id, body.reason),
  );
  route(app, listExpenseClaims, async (ctx, { query }) => {
    const tenantId = ownTenant(ctx.actor);
    const conds: SQL[] = [eq(expenseClaims.tenantId, tenantId)];
    if (query.state) conds.push(eq(expenseClaims.state, query.state));
    if (query.mine) conds.push(eq(expenseClaims.claimantId, ctx.actor.userId));
    const w = and(...conds);
    const [rows, [{ n }]] = await Promise.all([
      ctx.db
        .select()
        .from(expenseClaims)
        .where(w)
        .orderBy(desc(expenseClaims.id))
        .limit(query.limit)
        .offset(offsetOf(query)),
      ctx.db.select({ n: count() }).from(expenseClaims).where(w),
    ]);
    const ids = rows.map((r) => r.id);
    const counts = ids.length
      ? await ctx.db
          .select({ claimId: expenseClaimInvoices.claimId, n: count() })
          .from(expenseClaimInvoices)
          .where(inArray(expenseClaimInvoices.claimId, ids))
          .groupBy(expenseClaimInvoices.claimId)
      : [];
    const byId = new Map(counts.map((c) => [c.claimId, c.n]));
    return { rows: rows.map((r) => claimView(r, byId.get(r.id) ?? 0)), total: n };
  });
  route(app, getExpenseClaim, async (ctx, { params }) => {
    const tenantId = ownTenant(ctx.actor);
    const [claim] = await ctx.db
      .select()
      .from(expenseClaims)
      .where(and(eq(expenseClaims.id, params.id), eq(expenseClaims.tenantId, tenantId)));
    if (!claim) throw notFound();
    const invoices = await ctx.db
      .select()
      .from(expenseClaimInvoices)
      .where(eq(expenseClaimInvoices.claimId, claim.id))
      .orderBy(expenseClaimInvoices.id);
    return { ...claimView(claim, invoices.length), invoices: invoices.map(claimInvoiceView) };
  });
}
