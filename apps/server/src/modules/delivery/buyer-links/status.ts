import type { BuyerDeliveryReply, BuyerDeliveryState, BuyerTarget } from '@fpy/contracts';
import { type Db, deliveries } from '@fpy/db';
import { normalizeRecipient } from '@fpy/domain';
import { and, desc, eq } from 'drizzle-orm';
import { maskRecipient } from './mask.ts';

export const recipientOf = (t: BuyerTarget) =>
  normalizeRecipient(t.channel, t.channel === 'email' ? t.email : t.mobile);

/** What the buyer may learn of a delivery: its state, why it failed, when it last changed. */
export interface DeliveryRow {
  status: string;
  errorCode?: string | null;
  errorMessage?: string | null;
  updatedAt?: Date | null;
  createdAt: Date;
}

export function deliveryReply(t: BuyerTarget, row: DeliveryRow | null): BuyerDeliveryReply {
  const failed = row && ['failed', 'dead', 'skipped'].includes(row.status);
  return {
    channel: t.channel,
    maskedRecipient: maskRecipient(t.channel, recipientOf(t)),
    status: (row?.status ?? 'none') as BuyerDeliveryState,
    // The provider's (or the control's) own words: the buyer learns why, e.g. 号码在黑名单 / 余量不足.
    reason: failed ? (row.errorMessage ?? row.errorCode ?? null) : null,
    updatedAt: (row?.updatedAt ?? row?.createdAt)?.toISOString() ?? null,
  };
}

/**
 * The latest delivery of the link's invoice to this address on this channel (any trigger: the seller's own
 * sending counts too, so /deliverResult can say whether the first e-mail arrived). Only the link's tenant and
 * invoice are searched; the address comes in the request body, so it never lands in an access log.
 */
export async function latestDelivery(
  db: Db,
  tenantId: number,
  invoiceId: number,
  t: BuyerTarget,
): Promise<DeliveryRow | null> {
  const [row] = await db
    .select({
      status: deliveries.status,
      errorCode: deliveries.errorCode,
      errorMessage: deliveries.errorMessage,
      updatedAt: deliveries.updatedAt,
      createdAt: deliveries.createdAt,
    })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.tenantId, tenantId),
        eq(deliveries.invoiceId, invoiceId),
        eq(deliveries.channel, t.channel),
        eq(deliveries.recipient, recipientOf(t)),
      ),
    )
    .orderBy(desc(deliveries.id))
    .limit(1);
  return row ?? null;
}
