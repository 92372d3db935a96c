import { type CustomerRow, suggestCustomers } from '@fpy/contracts';
import { customers } from '@fpy/db';
import { isInvoiceType } from '@fpy/domain';
import { asc, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { likePattern } from '../../../data/paging.ts';
import { scoped } from '../../../data/tenant-scope.ts';
import { route } from '../../../http/route.ts';

const SUGGEST_LIMIT = 10;

const rowOf = (c: typeof customers.$inferSelect): CustomerRow => ({
  id: c.id,
  name: c.name,
  taxNumber: c.taxNumber,
  address: c.address,
  phone: c.phone,
  bank: c.bank,
  account: c.account,
  email: c.email,
  mobile: c.mobile,
  naturalPerson: c.naturalPerson,
  defaultInvoiceType: isInvoiceType(c.defaultInvoiceType) ? c.defaultInvoiceType : null,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

/**
 * For the issuing form of any menu (permission: authenticated, own tenant's rows only): the same columns the
 * list's keyword box searches; names starting with the text first, then shorter names (closer matches).
 */
export function registerCustomerSuggest(app: FastifyInstance) {
  route(app, suggestCustomers, async (ctx, { query }) => {
    const p = likePattern(query.q);
    const rows = await ctx.db
      .select()
      .from(customers)
      .where(
        scoped(ctx, customers).where(
          or(ilike(customers.name, p), ilike(customers.taxNumber, p), ilike(customers.initials, p)),
        ),
      )
      .orderBy(
        sql`case when ${customers.name} ilike ${`${query.q.replace(/[\\%_]/g, '')}%`} then 0 else 1 end`,
        sql`length(${customers.name})`,
        asc(customers.id),
      )
      .limit(SUGGEST_LIMIT);
    return rows.map(rowOf);
  });
}
