import { customers, type Db } from '@fpy/db';
import { and, asc, eq, ilike, isNotNull, or, sql } from 'drizzle-orm';
import { likePattern } from '../../../data/paging.ts';

/**
 * A tenant's company customers whose name or tax number contains `q`: name and tax number only, for the buyer's
 * public title help of scan-to-invoice (modules/self-service/titles). Natural persons and customers without a
 * tax number are never answered: a person's name is private, and a title without a number helps nobody pick.
 */
export async function customerTitlesLike(
  db: Db,
  tenantId: number,
  q: string,
  limit: number,
): Promise<{ name: string; taxNumber: string }[]> {
  const p = likePattern(q);
  const rows = await db
    .select({ name: customers.name, taxNumber: customers.taxNumber })
    .from(customers)
    .where(
      and(
        eq(customers.tenantId, tenantId),
        eq(customers.naturalPerson, false),
        isNotNull(customers.taxNumber),
        or(ilike(customers.name, p), ilike(customers.taxNumber, p)),
      ),
    )
    .orderBy(
      sql`case when ${customers.name} ilike ${`${q.replace(/[\\%_]/g, '')}%`} then 0 else 1 end`,
      sql`length(${customers.name})`,
      asc(customers.id),
    )
    .limit(limit);
  return rows.flatMap((r) => (r.taxNumber ? [{ name: r.name, taxNumber: r.taxNumber }] : []));
}
