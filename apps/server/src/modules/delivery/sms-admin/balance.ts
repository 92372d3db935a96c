import { type Db, smsBalances } from '@fpy/db';
import { and, eq, gte, sql } from 'drizzle-orm';

/**
 * The SMS balance rows are written here only (issue 29 §4: one writer per table). The administration
 * (recharge, warning level) lives in this module; the dispatcher takes and gives back messages through these
 * functions on the module's face, and the demo seed opens the demo companies' balances the same way.
 */

export interface Consumed {
  balance: number;
  warnBelow: number;
}

/**
 * Takes `units` messages from the tenant's SMS balance in one conditional statement, before any provider is
 * called: two sends racing for the last message cannot both pass (the row lock orders them, the second sees
 * the new balance), and the table's check keeps the balance from ever going below zero. null = not enough
 * (a tenant without a balance row has none).
 */
export async function consumeSmsBalance(db: Db, tenantId: number, units: number): Promise<Consumed | null> {
  if (units <= 0) return { balance: Number.POSITIVE_INFINITY, warnBelow: 0 };
  const rows = await db
    .update(smsBalances)
    .set({
      balance: sql`${smsBalances.balance} - ${units}`,
      used: sql`${smsBalances.used} + ${units}`,
      updatedAt: new Date(),
    })
    .where(and(eq(smsBalances.tenantId, tenantId), gte(smsBalances.balance, units)))
    .returning({ balance: smsBalances.balance, warnBelow: smsBalances.warnBelow });
  return rows[0] ?? null;
}

/** Gives back what a send that no provider accepted had taken. */
export async function refundSmsBalance(db: Db, tenantId: number, units: number): Promise<void> {
  if (units <= 0) return;
  await db
    .update(smsBalances)
    .set({
      balance: sql`${smsBalances.balance} + ${units}`,
      used: sql`greatest(${smsBalances.used} - ${units}, 0)`,
      updatedAt: new Date(),
    })
    .where(eq(smsBalances.tenantId, tenantId));
}

/** Opens a starting balance for tenants that have none yet (the demo seed); existing balances are left alone. */
export async function openSmsBalances(db: Db, tenantIds: readonly number[], balance: number): Promise<void> {
  if (!tenantIds.length) return;
  await db
    .insert(smsBalances)
    .values(tenantIds.map((tenantId) => ({ tenantId, balance })))
    .onConflictDoNothing();
}

/** Counts messages already sent (seeded history) against a balance, never below zero. */
export async function recordSmsUse(db: Db, tenantId: number, units: number): Promise<void> {
  if (units <= 0) return;
  await db
    .update(smsBalances)
    .set({
      balance: sql`greatest(${smsBalances.balance} - ${units}, 0)`,
      used: sql`${smsBalances.used} + ${units}`,
    })
    .where(eq(smsBalances.tenantId, tenantId));
}
