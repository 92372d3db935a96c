import { type Db, checkRecords } from '@fpy/db';
import { and, desc, eq, inArray } from 'drizzle-orm';

export interface FlaggedCheck {
  invoiceKey: string;
  code: string | null;
  number: string;
  state: 'red' | 'voided' | 'abnormal';
  sellerName: string | null;
  totalFen: number | null;
  checkedByName: string;
  at: Date;
}

const MAX_FLAGGED = 2000;

/**
 * The latest check of each invoice whose bureau state is not normal (异常, 作废, 红冲), newest first. Bounded: the
 * warnings page reads it whole.
 */
export async function flaggedChecks(db: Db, tenantId: number): Promise<FlaggedCheck[]> {
  const rows = await db
    .select()
    .from(checkRecords)
    .where(
      and(eq(checkRecords.tenantId, tenantId), inArray(checkRecords.state, ['red', 'voided', 'abnormal'])),
    )
    .orderBy(desc(checkRecords.id))
    .limit(MAX_FLAGGED);
  const seen = new Set<string>();
  const out: FlaggedCheck[] = [];
  for (const r of rows) {
    if (seen.has(r.invoiceKey)) continue;
    seen.add(r.invoiceKey);
    out.push({
      invoiceKey: r.invoiceKey,
      code: r.code,
      number: r.number,
      state: r.state as FlaggedCheck['state'],
      sellerName: r.sellerName,
      totalFen: r.totalFen,
      checkedByName: r.checkedByName,
      at: r.createdAt,
    });
  }
  return out;
}
