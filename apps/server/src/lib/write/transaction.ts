import type { Db } from '@fpy/db';

/**
 * The handle a write runs on inside its transaction. Drizzle types a transaction as PgTransaction, not as the
 * database, though both offer the same query surface; every helper takes a Db, so the one cast lives here
 * instead of in each verb (issue 29 §4).
 */
export type Tx = Db;

/**
 * Runs `fn` in one transaction on `ctx.db` and hands it both the transaction and a copy of the context whose
 * `db` is that transaction, so helpers called with the context write inside it too. Inside an open
 * transaction (ctx.db already one) Drizzle opens a savepoint: a refusal rolls back only this part.
 */
export function withTransaction<C extends { db: Db }, T>(
  ctx: C,
  fn: (tx: Tx, txCtx: C) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction((raw) => {
    const tx = raw as unknown as Tx;
    return fn(tx, { ...ctx, db: tx });
  });
}
