import type { WalletPlatform } from '@fpy/contracts';
import { walletCards } from '@fpy/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { addTask, kickTask } from '../../../platform/outbox/index.ts';
import { type InsertPayload, taskRef, WALLET_INSERT_KIND, walletInvoice } from '../insert-task.ts';
import { AUDIT_RESOURCE } from './request-insert.ts';
import { tenantOf } from './save-account.ts';

/**
 * 重试 (wechatList / alipayList): failed cards of the tenant back to pending, a new round each (retries + 1) with
 * its own outbox task carrying the invoice as it stands; others are skipped. One transaction, audited.
 */
export async function retryCards(ctx: AuthedCtx, platform: WalletPlatform, ids: number[]) {
  const tenantId = tenantOf(ctx);
  const { tasks, skipped } = await withTransaction(ctx, async (tx) => {
    const moved = await tx
      .update(walletCards)
      // A new round: no account has taken it yet (the reconciliation sweep asks only accepted cards).
      .set({
        state: 'pending',
        retries: sql`${walletCards.retries} + 1`,
        failCode: null,
        failReason: null,
        accountId: null,
      })
      .where(
        and(
          inArray(walletCards.id, ids),
          eq(walletCards.tenantId, tenantId),
          eq(walletCards.platform, platform),
          eq(walletCards.state, 'failed'),
        ),
      )
      .returning();
    const tasks: number[] = [];
    for (const card of moved) {
      const payload: InsertPayload = { cardId: card.id, invoice: await walletInvoice(tx, card) };
      tasks.push(
        await addTask(tx, {
          kind: WALLET_INSERT_KIND,
          ref: taskRef(card.id, card.retries),
          tenantId,
          payload,
        }),
      );
    }
    await emitAudit(
      tx,
      ctx,
      moved.map((c) => ({
        tenantId,
        resource: AUDIT_RESOURCE,
        recordId: c.id,
        action: 'retry',
        changes: { state: 'pending', retries: c.retries },
      })),
    );
    return { tasks, skipped: ids.length - moved.length };
  });
  for (const id of tasks) await kickTask(ctx.jobs, id, 0, WALLET_INSERT_KIND);
  return { retried: tasks.length, skipped };
}
