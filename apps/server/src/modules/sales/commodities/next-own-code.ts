import { commodities } from '@fpy/db';
import { sql } from 'drizzle-orm';
import { scoped } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';

/** Own codes the system hands out: a zero-padded sequence, wide enough for a large catalogue. */
const WIDTH = 6;

/**
 * One more than the tenant's largest all-digit own code ("000042" → "000043"). Only a proposal: two users
 * may be offered the same number, and the unique index (tenant, own code) makes the second save fail —
 * saveCommodity retries with a fresh number when the user left the field blank.
 */
export async function nextOwnCode(ctx: AuthedCtx, db = ctx.db): Promise<string> {
  const s = scoped(ctx, commodities, db);
  s.tenantFor(null);
  const [row] = await db
    .select({ max: sql<string | null>`max(${commodities.ownCode}::numeric)::text` })
    .from(commodities)
    .where(s.where(sql`${commodities.ownCode} ~ '^[0-9]{1,20}$'`));
  const next = BigInt(row?.max ?? '0') + 1n;
  return next.toString().padStart(WIDTH, '0');
}
