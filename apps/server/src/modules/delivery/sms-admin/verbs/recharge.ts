import { MAX_SMS_BALANCE, type smsRechargeBody } from '@fpy/contracts';
import { smsBalances, smsRecharges, tenants } from '@fpy/db';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthedCtx } from '../../../../http/context.ts';
import { badRequest, businessError } from '../../../../lib/errors.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';

type Input = z.output<typeof smsRechargeBody>;

/**
 * Records a recharge (充值): the tenant's balance grows by `amount` and the recharge row keeps the balance
 * right after it, in one transaction with its audit row. The balance is changed by one upsert
 * (`balance = balance + n`), never read-modify-write: concurrent recharges and sends queue on the row lock, so
 * every `balance_after` is the exact balance that recharge produced and none is lost.
 */
export function recharge({ ctx, input }: { ctx: AuthedCtx; input: Input }) {
  return withTransaction(ctx, async (tx) => {
    const [tenant] = await tx
      .select({ id: tenants.id, name: tenants.name })
      .from(tenants)
      .where(eq(tenants.id, input.tenantId));
    if (!tenant) throw badRequest('SMS_TENANT_UNKNOWN', { tenantId: input.tenantId }, { field: 'tenantId' });
    const [bal] = await tx
      .insert(smsBalances)
      .values({ tenantId: tenant.id, balance: input.amount })
      .onConflictDoUpdate({
        target: smsBalances.tenantId,
        set: { balance: sql`${smsBalances.balance} + ${input.amount}`, updatedAt: new Date() },
      })
      .returning({ balance: smsBalances.balance });
    // Thrown inside the transaction: the added messages roll back with it.
    if (bal.balance > MAX_SMS_BALANCE) throw businessError('SMS_BALANCE_OVERFLOW', { max: MAX_SMS_BALANCE });
    const [row] = await tx
      .insert(smsRecharges)
      .values({
        tenantId: tenant.id,
        amount: input.amount,
        paidFen: input.paidFen,
        balanceAfter: bal.balance,
        remark: input.remark,
        createdBy: ctx.actor.userId,
      })
      .returning();
    await emitAudit(tx, ctx, {
      tenantId: tenant.id,
      resource: 'smsRecharges',
      recordId: row.id,
      action: 'create',
      changes: { ...input, balanceAfter: bal.balance },
    });
    return {
      id: row.id,
      tenantId: tenant.id,
      tenantName: tenant.name,
      amount: row.amount,
      paidFen: row.paidFen,
      balanceAfter: row.balanceAfter,
      remark: row.remark,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
