import { type Db, deliveries } from '@fpy/db';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Receipt } from '../../../gateways/messaging/gateway.ts';
import { SANDBOX_PROVIDER_ID } from '../providers/index.ts';
import { recordEvent } from './records.ts';
import { withTransaction } from '../../../lib/write/index.ts';

/**
 * The deliveries a receipt may speak for: those sent through the account that received it (its pushed
 * endpoint or its poll). A message id alone is no proof — it is in every recipient's mail headers, so a
 * tenant could name another tenant's message at its own bounce address (issue 28 §3). The embedded sandbox's
 * receipts come only from the server's own poll and carry account 0 whichever sandbox row sent the message
 * (sandbox_messages does not keep it): they bind to deliveries the sandbox sent.
 */
export function sentThrough(r: Pick<Receipt, 'providerId'>): SQL {
  return r.providerId === SANDBOX_PROVIDER_ID
    ? eq(deliveries.providerKind, 'sandbox')
    : eq(deliveries.providerId, r.providerId);
}

/**
 * Applies delivery receipts (状态报告) and bounces to the deliveries they concern: the provider's message id
 * among the deliveries of the receiving account (sentThrough). accepted → delivered | failed with the
 * provider's code; a later receipt may correct an earlier one (a bounce after 'delivered'). A receipt already
 * applied changes nothing and records no second event, so polling and callbacks may both report it.
 */
export async function applyReceipts(db: Db, receipts: readonly Receipt[]): Promise<number> {
  let applied = 0;
  for (const r of receipts) {
    const [d] = await db
      .select()
      .from(deliveries)
      .where(
        and(
          eq(deliveries.providerMessageId, r.providerMessageId),
          sentThrough(r),
          inArray(deliveries.status, ['accepted', 'delivered', 'failed']),
        ),
      )
      .limit(1);
    if (!d) continue;
    if (d.status === r.status && d.errorCode === (r.status === 'failed' ? r.code : d.errorCode)) continue;
    await withTransaction({ db }, async (tx) => {
      const moved = await tx
        .update(deliveries)
        .set(
          r.status === 'delivered'
            ? { status: 'delivered', deliveredAt: r.at, updatedAt: new Date() }
            : {
                status: 'failed',
                errorCode: r.code,
                errorMessage: r.message?.slice(0, 500) ?? null,
                failedAt: r.at,
                updatedAt: new Date(),
              },
        )
        .where(and(eq(deliveries.id, d.id), eq(deliveries.status, d.status)))
        .returning({ id: deliveries.id });
      if (!moved.length) return;
      await recordEvent(tx, d, r.status, { code: r.code, message: r.message, providerId: r.providerId });
      applied += 1;
    });
  }
  return applied;
}

/**
 * What an account still waits for receipts on (accepted, no receipt yet), oldest first: 阿里云's polling asks
 * per message by number, day and BizId, so the providers module needs this list (setPendingSource).
 */
export async function pendingFor(db: Db, providerId: number) {
  const rows = await db
    .select({
      providerMessageId: deliveries.providerMessageId,
      recipient: deliveries.recipient,
      acceptedAt: deliveries.acceptedAt,
    })
    .from(deliveries)
    .where(and(eq(deliveries.providerId, providerId), eq(deliveries.status, 'accepted')))
    .orderBy(asc(deliveries.acceptedAt))
    .limit(PENDING_LIMIT);
  return rows
    .filter((r) => r.providerMessageId && r.acceptedAt)
    .map((r) => ({
      providerMessageId: r.providerMessageId!,
      recipient: r.recipient,
      acceptedAt: r.acceptedAt!,
    }));
}

/** Receipts asked for per poll and account; providers keep receipts for days, so the rest come next time. */
const PENDING_LIMIT = 500;
