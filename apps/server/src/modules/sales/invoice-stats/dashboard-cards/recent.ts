import { invoices } from '@fpy/db';
import type { InvoiceStatus, InvoiceType } from '@fpy/domain';
import { desc, inArray, isNotNull } from 'drizzle-orm';
import { scoped } from '../../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../../http/context.ts';
import type { DashboardCardBody } from '../../../platform/base/index.ts';
import { ISSUED_STATES } from '../stats-query.ts';

export const QUERY_PATH = '/outputInvoiceManager/salesInvoiceQuery';
const RECENT = 8;

/**
 * The last invoices issued (blue and red), newest first. Read backwards along invoices (tenant_id, issued_at, id)
 * and stopped after 8 rows; rows never issued have no issue date and are skipped by the index condition.
 */
export async function recentCard(ctx: AuthedCtx): Promise<DashboardCardBody> {
  const rows = await ctx.db
    .select({
      id: invoices.id,
      number: invoices.number,
      type: invoices.type,
      colour: invoices.colour,
      status: invoices.status,
      buyerName: invoices.buyerName,
      amountFen: invoices.amountFen,
      totalFen: invoices.totalFen,
      issuedAt: invoices.issuedAt,
    })
    .from(invoices)
    .where(scoped(ctx, invoices).where(isNotNull(invoices.issuedAt), inArray(invoices.status, ISSUED_STATES)))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(RECENT);
  return {
    kind: 'invoices',
    link: { path: QUERY_PATH },
    rows: rows.map((r) => ({
      ...r,
      type: r.type as InvoiceType,
      status: r.status as InvoiceStatus,
      colour: r.colour === 'red' ? 'red' : 'blue',
      issuedAt: (r.issuedAt as Date).toISOString(),
    })),
  };
}
