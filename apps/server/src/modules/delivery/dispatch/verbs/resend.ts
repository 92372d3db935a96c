import { DELIVERY_PENDING_STATUSES, type DeliveryChannel } from '@fpy/domain';
import { deliveries, shortLinks } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { scoped } from '../../../../data/tenant-scope.ts';
import { AppError, businessError, notFound } from '../../../../lib/errors.ts';
import type { Delivery } from '../records.ts';
import { createExplicitSend } from '../explicit-send.ts';
import { loadDeliverableInvoice, resolveRecipient } from '../recipients.ts';

/**
 * 重新交付: an explicit user action, so never idempotent — a new record with the next seq, the user who asked
 * and a 'resend' event naming the record it repeats; the same channel, to the same or a corrected recipient,
 * and for a batch link the same invoices. A delivery still queued, sending or retrying is refused (it has not ended).
 */
export async function resend({
  ctx,
  input,
}: {
  ctx: AuthedCtx;
  input: { id: number; recipient?: string | null };
}): Promise<Delivery> {
  const original = await scoped(ctx, deliveries)
    .get(input.id)
    .catch((err) => {
      // Another company's delivery answers as an unknown one.
      throw err instanceof AppError && err.httpStatus === 404 ? notFound('NOT_FOUND.delivery') : err;
    });
  // Still moving on its own (queued, sending, or waiting for its next attempt): a resend would send it twice.
  if ((DELIVERY_PENDING_STATUSES as readonly string[]).includes(original.status))
    throw businessError('DELIVERY_IN_PROGRESS');
  const channel = original.channel as DeliveryChannel;
  const inv = await loadDeliverableInvoice(ctx.db, original.tenantId, original.invoiceId);
  const recipient = resolveRecipient(inv, channel, input.recipient || original.recipient);
  let invoiceIds: number[] = [inv.id];
  if (original.shortCode) {
    const [link] = await ctx.db
      .select({ invoiceIds: shortLinks.invoiceIds })
      .from(shortLinks)
      .where(eq(shortLinks.code, original.shortCode))
      .limit(1);
    if (link?.invoiceIds?.length) invoiceIds = link.invoiceIds;
  }
  return createExplicitSend(ctx, {
    tenantId: original.tenantId,
    invoiceIds,
    channel,
    recipient,
    trigger: 'resend',
    event: { kind: 'resend', message: `${ctx.actor.name}（#${original.id}）` },
  });
}
