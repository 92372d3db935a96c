import type { Db } from '@fpy/db';
import { sql } from 'drizzle-orm';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Lock classes of this module (first key of the two-key advisory lock). */
export const LockClass = { openerDefault: 4201, printDefault: 4202, seal: 4203 } as const;

/**
 * Serialises the "clear the old default, set the new one" writes of one tenant. Without it two concurrent
 * requests under READ COMMITTED each see no other default and both end up default; the lock is released at
 * commit or rollback.
 */
export async function lockTenant(tx: Tx | Db, lockClass: number, tenantId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockClass}::int, ${tenantId}::int)`);
}

/** Drizzle's transaction handle used where a Db is expected (same query surface). */
export const asDb = (tx: unknown) => tx as Db;
