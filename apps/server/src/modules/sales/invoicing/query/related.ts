import { invoices } from '@fpy/db';
import { asc, eq } from 'drizzle-orm';
import { scoped } from '../../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../../http/context.ts';
import { toQueryRows } from './rows.ts';

/** An invoice with its blue (when red) and its reds (when blue), all within the caller's tenant scope. */
export async function invoiceRelationsOf(ctx: AuthedCtx, id: number) {
  const inv = await scoped(ctx, invoices).get(id);
  const [blue] = inv.blueInvoiceId
    ? await ctx.db
        .select()
        .from(invoices)
        .where(
          scoped(ctx, invoices).where(
            eq(invoices.id, inv.blueInvoiceId),
            eq(invoices.tenantId, inv.tenantId),
          ),
        )
    : [];
  const reds = await ctx.db
    .select()
    .from(invoices)
    .where(
      scoped(ctx, invoices).where(eq(invoices.blueInvoiceId, inv.id), eq(invoices.tenantId, inv.tenantId)),
    )
    .orderBy(asc(invoices.id));
  const rows = await toQueryRows(ctx.db, [inv, ...(blue ? [blue] : []), ...reds]);
  const [row, blueRow] = [rows[0], blue ? rows[1] : null];
  return { invoice: row, blue: blueRow, reds: rows.slice(blue ? 2 : 1) };
}
