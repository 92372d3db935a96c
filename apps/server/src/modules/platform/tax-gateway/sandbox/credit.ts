import { type Db, taxSandboxCreditLines } from '@fpy/db';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { CreditLine } from '../../../../gateways/tax-bureau/gateway.ts';

/**
 * 授信额度 (§11.1): a monthly total per tenant; credit cannot be used across months, so each 属期 has its own
 * row. A month's row is created on first use with the latest limit an administrator set (or the default).
 */
async function ensureMonth(db: Db, tenantId: number, month: string, defaultLimitFen: number) {
  const [prev] = await db
    .select({ limit: taxSandboxCreditLines.monthlyLimitFen })
    .from(taxSandboxCreditLines)
    .where(and(eq(taxSandboxCreditLines.tenantId, tenantId), lt(taxSandboxCreditLines.month, month)))
    .orderBy(desc(taxSandboxCreditLines.month))
    .limit(1);
  await db
    .insert(taxSandboxCreditLines)
    .values({ tenantId, month, monthlyLimitFen: prev?.limit ?? defaultLimitFen, usedFen: 0 })
    .onConflictDoNothing();
}

const toLine = (r: { month: string; monthlyLimitFen: number; usedFen: number }): CreditLine => ({
  month: r.month,
  monthlyLimitFen: r.monthlyLimitFen,
  usedFen: r.usedFen,
  remainingFen: Math.max(0, r.monthlyLimitFen - r.usedFen),
});

const monthRow = (tenantId: number, month: string) =>
  and(eq(taxSandboxCreditLines.tenantId, tenantId), eq(taxSandboxCreditLines.month, month));

export async function readCreditLine(db: Db, tenantId: number, month: string, defaultLimitFen: number) {
  await ensureMonth(db, tenantId, month, defaultLimitFen);
  const [row] = await db.select().from(taxSandboxCreditLines).where(monthRow(tenantId, month));
  return toLine(row);
}

export async function setCreditLimit(db: Db, tenantId: number, month: string, limitFen: number) {
  const [row] = await db
    .insert(taxSandboxCreditLines)
    .values({ tenantId, month, monthlyLimitFen: limitFen, usedFen: 0 })
    .onConflictDoUpdate({
      target: [taxSandboxCreditLines.tenantId, taxSandboxCreditLines.month],
      set: { monthlyLimitFen: limitFen },
    })
    .returning();
  return toLine(row);
}

/** Gives credit back to the month it was taken from (red invoices, when the sandbox is set to). */
export async function restoreCredit(tx: Db, tenantId: number, month: string, fen: number) {
  const used = taxSandboxCreditLines.usedFen;
  await tx
    .update(taxSandboxCreditLines)
    .set({ usedFen: sql`greatest(0, ${used} - ${fen})` })
    .where(monthRow(tenantId, month));
}
