import type { Db } from '@fpy/db';
import { sql } from 'drizzle-orm';

/** Lock classes of this module (first key of the two-key advisory lock). */
export const LockClass = { openerDefault: 4201, printDefault: 4202, seal: 4203 } as const;

/**
 * Serialises the "clear the old default, set the new one" writes of one tenant. Without it two concurrent
 * requests under READ COMMITTED each see no other default and both end up default; the lock is released at
 * commit or rollback.
 */
export async function lockTenant(tx: Db, lockClass: number, tenantId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockClass}::int, ${tenantId}::int)`);
}
