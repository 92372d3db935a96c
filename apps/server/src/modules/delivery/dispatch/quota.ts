import { type Db, smsBalances } from '@fpy/db';
import { and, eq, gte, sql } from 'drizzle-orm';

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
export async function consumeSms(db: Db, tenantId: number, units: number): Promise<Consumed | null> {
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
export async function refundSms(db: Db, tenantId: number, units: number): Promise<void> {
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

/** True when this consumption took the balance from at or above the warning level to below it. */
export const crossedWarning = (after: Consumed, units: number) =>
  after.balance < after.warnBelow && after.balance + units >= after.warnBelow;
