import { randomBytes } from 'node:crypto';
import type { PublicWalletCard, WalletPlatform } from '@fpy/contracts';
import { walletCards } from '@fpy/db';
import { and, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../../../http/context.ts';
import { businessError } from '../../../../lib/errors.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { addTask, kickTask } from '../../../platform/outbox/index.ts';
import { AUDIT_RESOURCE, publicCard } from '../cards.ts';
import { type InsertPayload, taskRef, WALLET_INSERT_KIND } from '../insert-task.ts';
import { insertable, openLink } from '../public.ts';

/** Our reference sent to the platform: 32 characters (WeChat's out_trade_no limit), 120 random bits. */
const newRef = () => `fw${randomBytes(15).toString('hex')}`;

export { AUDIT_RESOURCE };

/**
 * The buyer asks to put the link's invoice into a card bag. In ONE transaction: the card (one per invoice,
 * platform and buyer — asking twice answers the same card; asking again after a failure starts a new round) and
 * its outbox task; the platform is called by the task after the commit, never inside it.
 */
export async function requestInsert(
  ctx: Ctx,
  code: string,
  input: { platform: WalletPlatform; buyer: string },
): Promise<PublicWalletCard> {
  const { link, invoice } = await openLink(ctx, code, 'insert');
  if (!insertable(invoice)) throw businessError('WALLET_INVOICE_NOT_INSERTABLE');
  const { card, taskId } = await withTransaction(ctx, async (tx) => {
    const [created] = await tx
      .insert(walletCards)
      .values({
        tenantId: link.tenantId,
        platform: input.platform,
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        buyerName: invoice.buyerName,
        totalFen: invoice.totalFen,
        buyerRef: input.buyer,
        ref: newRef(),
      })
      .onConflictDoNothing()
      .returning();
    let card = created;
    if (!card) {
      const where = and(
        eq(walletCards.tenantId, link.tenantId),
        eq(walletCards.platform, input.platform),
        eq(walletCards.invoiceId, invoice.id),
        eq(walletCards.buyerRef, input.buyer),
      );
      const [again] = await tx
        .update(walletCards)
        // A new round: no account has taken it yet (the reconciliation sweep asks only accepted cards).
        .set({
          state: 'pending',
          retries: sql`${walletCards.retries} + 1`,
          failCode: null,
          failReason: null,
          accountId: null,
        })
        .where(and(where, eq(walletCards.state, 'failed')))
        .returning();
      if (!again) {
        const [existing] = await tx.select().from(walletCards).where(where);
        return { card: existing, taskId: null };
      }
      card = again;
    }
    const payload: InsertPayload = {
      cardId: card.id,
      invoice: {
        invoiceId: invoice.id,
        number: invoice.number,
        issuedAt: invoice.issuedAt,
        type: invoice.type,
        sellerName: invoice.sellerName,
        buyerName: invoice.buyerName,
        totalFen: invoice.totalFen,
        taxFen: invoice.taxFen,
      },
    };
    const taskId = await addTask(tx, {
      kind: WALLET_INSERT_KIND,
      ref: taskRef(card.id, card.retries),
      tenantId: card.tenantId,
      payload,
    });
    await emitAudit(
      tx,
      { actor: null, ip: ctx.ip },
      {
        tenantId: card.tenantId,
        resource: AUDIT_RESOURCE,
        recordId: card.id,
        action: created ? 'create' : 'retry',
        changes: { platform: card.platform, invoiceNumber: card.invoiceNumber, state: 'pending' },
      },
    );
    return { card, taskId };
  });
  if (taskId) await kickTask(ctx.jobs, taskId, 0, WALLET_INSERT_KIND);
  return publicCard(card, ctx.lang);
}
