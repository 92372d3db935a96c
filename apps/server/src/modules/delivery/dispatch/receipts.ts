import { type Db, deliveries } from '@fpy/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Receipt } from '../../../gateways/messaging/gateway.ts';
import { recordEvent } from './records.ts';

/**
 * Applies delivery receipts (状态报告) and bounces to the deliveries they concern, matched by the provider's
 * message id (the provider account when two share an id). accepted → delivered | failed with the provider's
 * code; a later receipt may correct an earlier one (a bounce after 'delivered'). A receipt already applied
 * changes nothing and records no second event, so polling and callbacks may both report it.
 */
export async function applyReceipts(db: Db, receipts: readonly Receipt[]): Promise<number> {
  let applied = 0;
  for (const r of receipts) {
    const found = await db
      .select()
      .from(deliveries)
      .where(
        and(
          eq(deliveries.providerMessageId, r.providerMessageId),
          inArray(deliveries.status, ['accepted', 'delivered', 'failed']),
        ),
      )
      .limit(2);
    // Two accounts may hand out the same id: then the receipt's account decides (the sandbox reports account 0
    // and its ids are unique on their own).
    const d = found.length === 1 ? found[0] : found.find((x) => x.providerId === r.providerId);
    if (!d) continue;
    if (d.status === r.status && d.errorCode === (r.status === 'failed' ? r.code : d.errorCode)) continue;
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
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
