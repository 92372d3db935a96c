import {
  formatMessage,
  type PublicWalletCard,
  type WalletCardRow,
  type WalletCardState,
  type WalletPlatform,
} from '@fpy/contracts';
import { type Db, walletAccounts, walletCards, walletNotices } from '@fpy/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { WalletNotice } from '../../../gateways/wallet/gateway.ts';
import { emitAudit, withTransaction } from '../../../lib/write/index.ts';
import { SANDBOX_ACCOUNT_ID, SANDBOX_NAME } from './adapters/sandbox.ts';

export type CardRecord = typeof walletCards.$inferSelect;

/** The audit resource of card rows (resource_changes). */
export const AUDIT_RESOURCE = 'walletCard';

/** A refusal code the card bag's query answers with (sweep.ts): failed, for no reason the platform gives. */
export const QUERY_FAILED = 'QUERY_FAILED';

/** Which states each callback event moves from (anything else: the notice changes nothing). */
const FROM: Record<WalletNotice['event'], WalletCardState[]> = {
  inserted: ['pending', 'failed'],
  refused: ['pending'],
  deleted: ['inserted'],
};

/**
 * A verified callback applied once: the notice row (platform + its own id), the card's move and its audit row
 * (no actor; `source` callback or sweep) commit together; the same notice again finds its row and changes
 * nothing. The card must have been taken by the account that calls back (a notice naming another account's card
 * changes nothing). The reconciliation sweep (sweep.ts) applies the platform's answer to a query through here too,
 * as a notice of its own. Answers whether anything changed.
 */
export async function applyNotice(
  db: Db,
  notice: WalletNotice,
  source: 'callback' | 'sweep' = 'callback',
): Promise<boolean> {
  return withTransaction({ db }, async (tx) => {
    const [card] = await tx
      .select()
      .from(walletCards)
      .where(and(eq(walletCards.ref, notice.ref), eq(walletCards.platform, notice.platform)))
      .for('update');
    if (!card || card.accountId !== notice.providerId) return false;
    const [fresh] = await tx
      .insert(walletNotices)
      .values({
        platform: notice.platform,
        noticeId: notice.noticeId,
        cardRef: notice.ref,
        event: notice.event,
        accountId: notice.providerId,
      })
      .onConflictDoNothing()
      .returning({ id: walletNotices.id });
    if (!fresh) return false;
    if (!FROM[notice.event].includes(card.state as WalletCardState)) return false;
    const now = new Date();
    const change =
      notice.event === 'inserted'
        ? { state: 'inserted', cardId: notice.cardId, insertedAt: now, failCode: null, failReason: null }
        : notice.event === 'refused'
          ? {
              state: 'failed',
              failCode: notice.code ?? 'REFUSED',
              failReason: formatMessage(
                notice.code === QUERY_FAILED ? 'WALLET_CARD_FAILED' : 'WALLET_BUYER_REFUSED',
                undefined,
                'zh',
              ),
            }
          : { state: 'deleted', deletedAt: now };
    const moved = await tx
      .update(walletCards)
      .set(change)
      .where(and(eq(walletCards.id, card.id), inArray(walletCards.state, FROM[notice.event])))
      .returning({ id: walletCards.id, state: walletCards.state });
    if (!moved.length) return false;
    await emitAudit(
      tx,
      { actor: null, ip: null },
      {
        tenantId: card.tenantId,
        resource: AUDIT_RESOURCE,
        recordId: card.id,
        action: notice.event,
        changes: { state: moved[0].state, from: card.state, source, noticeId: notice.noticeId },
      },
    );
    return true;
  });
}

/** The buyer's id shown to the seller: its first and last characters. */
const maskBuyer = (s: string) =>
  s.length <= 6 ? `${s.slice(0, 1)}***` : `${s.slice(0, 3)}***${s.slice(-3)}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function cardRows(db: Db, rows: CardRecord[]): Promise<WalletCardRow[]> {
  const ids = [...new Set(rows.map((r) => r.accountId).filter((id): id is number => !!id))];
  const names = new Map(
    ids.length
      ? (
          await db
            .select({ id: walletAccounts.id, name: walletAccounts.name })
            .from(walletAccounts)
            .where(inArray(walletAccounts.id, ids))
        ).map((a) => [a.id, a.name])
      : [],
  );
  return rows.map((r) => ({
    id: r.id,
    platform: r.platform as WalletPlatform,
    invoiceId: r.invoiceId,
    invoiceNumber: r.invoiceNumber,
    buyerName: r.buyerName,
    totalFen: r.totalFen,
    buyer: maskBuyer(r.buyerRef),
    state: r.state as WalletCardState,
    cardId: r.cardId,
    accountName:
      r.accountId === SANDBOX_ACCOUNT_ID
        ? SANDBOX_NAME
        : r.accountId
          ? (names.get(r.accountId) ?? null)
          : null,
    failCode: r.failCode,
    failReason: r.failReason,
    tried: ((r.tried as { providerId: number | null; code: string; message: string }[] | null) ?? []).map(
      (t) => ({
        providerId: t.providerId,
        code: t.code,
        message: t.message,
      }),
    ),
    retries: r.retries,
    insertedAt: iso(r.insertedAt),
    deletedAt: iso(r.deletedAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** What the buyer sees of a card: its state and, when failed, our own words for why (never a vendor's text). */
export function publicCard(r: CardRecord, lang: 'zh' | 'en'): PublicWalletCard {
  const reason =
    r.state !== 'failed'
      ? null
      : r.failCode === 'USER_REFUSED' || r.failCode === 'REFUSED'
        ? formatMessage('WALLET_BUYER_REFUSED', undefined, lang)
        : formatMessage('WALLET_CARD_FAILED', undefined, lang);
  return {
    platform: r.platform as WalletPlatform,
    state: r.state as WalletCardState,
    failReason: reason,
    updatedAt: r.updatedAt.toISOString(),
  };
}
