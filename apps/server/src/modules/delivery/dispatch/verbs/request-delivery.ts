import { type Db, deliveries } from '@fpy/db';
import { and, desc, eq } from 'drizzle-orm';
import { withTransaction } from '../../../../lib/write/index.ts';
import { addSendTask, type DispatchCtx, kickSend } from '../jobs.ts';
import { loadDeliverableInvoice, type RequestDeliveryInput, resolveRecipient } from '../recipients.ts';
import { type Delivery, recordEvent } from '../records.ts';
import { loadDeliverySettings } from '../settings.ts';
import { createShortLink } from '../short-links.ts';

async function firstDelivery(db: Db, invoiceId: number, channel: string, recipient: string) {
  const [row] = await db
    .select()
    .from(deliveries)
    .where(
      and(
        eq(deliveries.invoiceId, invoiceId),
        eq(deliveries.channel, channel),
        eq(deliveries.recipient, recipient),
        eq(deliveries.seq, 0),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The newest record of the invoice + channel + recipient (highest seq), or null. */
async function latestDelivery(db: Db, invoiceId: number, channel: string, recipient: string) {
  const [row] = await db
    .select()
    .from(deliveries)
    .where(
      and(
        eq(deliveries.invoiceId, invoiceId),
        eq(deliveries.channel, channel),
        eq(deliveries.recipient, recipient),
      ),
    )
    .orderBy(desc(deliveries.seq))
    .limit(1);
  return row ?? null;
}

/** Ended without reaching the recipient: a buyer asking again from their page deserves a new try. */
const UNDELIVERED: readonly string[] = ['failed', 'dead', 'skipped'];

/**
 * Asks for one invoice to reach one recipient over one channel. Idempotent per invoice + channel + recipient:
 * the automatic send after issuing, a user's 交付, a bulk send and the buyer's forward all find the same
 * record (seq 0) once it exists, and nothing is sent twice — sending again is the explicit resend (seq 1, 2 …).
 * The record, its short link and the request event commit together; the send job is asked for after the
 * commit, and the provider is called there, never inside a transaction.
 */
export async function requestDelivery({
  ctx,
  input,
}: {
  ctx: DispatchCtx;
  input: RequestDeliveryInput;
}): Promise<{ delivery: Delivery; existing: boolean }> {
  const inv = await loadDeliverableInvoice(ctx.db, input.tenantId, input.invoiceId);
  const recipient = resolveRecipient(inv, input.channel, input.recipient);
  const trigger = input.trigger ?? 'manual';
  // The buyer's own page may ask again after a send that never arrived (the link's forward budget bounds it);
  // every other trigger finds the first record, and sending again is the console's explicit resend.
  let seq = 0;
  if (trigger === 'forward') {
    const latest = await latestDelivery(ctx.db, inv.id, input.channel, recipient);
    if (latest && !UNDELIVERED.includes(latest.status)) return { delivery: latest, existing: true };
    if (latest) seq = latest.seq + 1;
  } else {
    const found = await firstDelivery(ctx.db, inv.id, input.channel, recipient);
    if (found) return { delivery: found, existing: true };
  }
  const settings = await loadDeliverySettings(ctx.db, inv.tenantId);
  const created = await withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .insert(deliveries)
      .values({
        tenantId: inv.tenantId,
        invoiceId: inv.id,
        channel: input.channel,
        recipient,
        seq,
        trigger,
        status: 'queued',
        createdBy: ctx.actor?.userId ?? null,
      })
      // A racing request for the same recipient: one row wins, the other reads it below.
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    const shortCode = await createShortLink(tx, {
      tenantId: inv.tenantId,
      invoiceIds: [inv.id],
      deliveryId: row.id,
      ttlDays: settings.linkTtlDays,
    });
    await tx.update(deliveries).set({ shortCode }).where(eq(deliveries.id, row.id));
    await recordEvent(tx, row, 'requested', { code: trigger, message: ctx.actor?.name ?? null });
    const taskId = await addSendTask(tx, row);
    return { row: { ...row, shortCode }, taskId };
  });
  if (!created) {
    const winner = await latestDelivery(ctx.db, inv.id, input.channel, recipient);
    if (!winner) throw new Error('delivery vanished after a conflicting insert');
    return { delivery: winner, existing: true };
  }
  await kickSend(ctx.jobs, created.taskId);
  return { delivery: created.row, existing: false };
}
