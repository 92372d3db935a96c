import type { WalletPlatform } from '@fpy/contracts';
import { walletCards } from '@fpy/db';
import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import { GatewayRefusal } from '../../../gateways/kit/index.ts';
import type { WalletNotice } from '../../../gateways/wallet/gateway.ts';
import type { Services } from '../../../http/context.ts';
import { applyNotice, QUERY_FAILED } from './cards.ts';

/** The scheduled reconciliation of card insertions whose callback never came (README "Reconciliation"). */
export const WALLET_SWEEP = 'self-service.wallet-sweep';
export const WALLET_SWEEP_INTERVAL_MS = 60_000;
/** A card the platform accepted and that has heard nothing for this long is asked about. */
export const WALLET_STALE_MS = 5 * 60_000;
/** At most this many platform queries per tick. */
export const WALLET_SWEEP_BATCH = 100;

export interface WalletSweepResult {
  checked: number;
  settled: number;
  stillPending: number;
  unreachable: number;
}

/** What the query's answer means as a callback: the same verb (applyNotice) moves the card. */
const EVENTS: Record<'inserted' | 'failed' | 'deleted', WalletNotice['event'][]> = {
  inserted: ['inserted'],
  failed: ['refused'],
  // Put in and already taken out again: both moves, in order.
  deleted: ['inserted', 'deleted'],
};

/**
 * Cards accepted by a platform account (`accountId` set by the insert task) and still pending WALLET_STALE_MS
 * after their last change: the account that took each one is asked (`queryCard`, outside any transaction) and a
 * final answer is applied as a notice of our own (`sweep:<ref>:<event>`) through applyNotice — one transaction
 * with the notice row, the conditional move and the audit row. So the sweep twice changes nothing, and a late
 * callback after it finds the card already moved. A card still pending at the platform, or whose account cannot
 * be asked now, is touched (its updated_at) so the next ticks ask the others first; it is asked again after
 * WALLET_STALE_MS. The oldest first, WALLET_SWEEP_BATCH per run.
 */
export async function sweepWalletCards(
  services: Pick<Services, 'db' | 'gateways'>,
  now: Date,
  opts: { batch?: number; onError?: (cardId: number, err: unknown) => void } = {},
): Promise<WalletSweepResult> {
  const stale = new Date(now.getTime() - WALLET_STALE_MS);
  const cards = await services.db
    .select()
    .from(walletCards)
    .where(
      and(
        eq(walletCards.state, 'pending'),
        isNotNull(walletCards.accountId),
        lt(walletCards.updatedAt, stale),
      ),
    )
    .orderBy(asc(walletCards.updatedAt), asc(walletCards.id))
    .limit(opts.batch ?? WALLET_SWEEP_BATCH);
  const result: WalletSweepResult = { checked: cards.length, settled: 0, stillPending: 0, unreachable: 0 };
  for (const card of cards) {
    const platform = card.platform as WalletPlatform;
    const providerId = card.accountId as number;
    let status: Awaited<ReturnType<Services['gateways']['wallet']['queryCard']>>;
    try {
      status = await services.gateways.wallet.queryCard(card.tenantId, platform, providerId, card.ref);
    } catch (err) {
      if (!(err instanceof GatewayRefusal)) throw err;
      opts.onError?.(card.id, err);
      result.unreachable += 1;
      await touch(services, card.id);
      continue;
    }
    if (status.state === 'pending') {
      result.stillPending += 1;
      await touch(services, card.id);
      continue;
    }
    let moved = false;
    for (const event of EVENTS[status.state]) {
      const notice: WalletNotice = {
        platform,
        providerId,
        noticeId: `sweep:${card.ref}:${event}`,
        ref: card.ref,
        event,
        cardId: status.cardId,
        code: event === 'refused' ? QUERY_FAILED : null,
      };
      if (await applyNotice(services.db, notice, 'sweep')) moved = true;
    }
    if (moved) result.settled += 1;
  }
  return result;
}

/** Still pending: to the back of the line (only while it is still pending, so a callback meanwhile wins). */
async function touch(services: Pick<Services, 'db'>, id: number) {
  await services.db
    .update(walletCards)
    .set({ updatedAt: new Date() })
    .where(and(eq(walletCards.id, id), eq(walletCards.state, 'pending')));
}
