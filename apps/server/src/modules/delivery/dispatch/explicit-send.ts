import { deliveries } from '@fpy/db';
import { and, eq, max } from 'drizzle-orm';
import type { DeliveryChannel } from '@fpy/domain';
import { withTransaction } from '../../../lib/write/index.ts';
import { addSendTask, type DispatchCtx, kickSend } from './jobs.ts';
import { type Delivery, recordEvent } from './records.ts';
import { loadDeliverySettings } from './settings.ts';
import { createShortLink } from './short-links.ts';

/** A unique-index refusal (two explicit sends racing for the same next seq). */
const isUniqueViolation = (err: unknown) =>
  !!err &&
  typeof err === 'object' &&
  ((err as { code?: string }).code === '23505' ||
    (err as { cause?: { code?: string } }).cause?.code === '23505');

export interface ExplicitSend {
  tenantId: number;
  invoiceIds: readonly number[];
  channel: DeliveryChannel;
  recipient: string;
  trigger: 'resend' | 'batch';
  /** The delivery_events row recorded with it (who, why). */
  event: { kind: string; message: string | null };
}

/**
 * A send a user asked for explicitly (resend, batch link): always a new record, with the next seq of its
 * invoice + channel + recipient (seq 0 stays the idempotent automatic/first send), its own short link, the
 * user and an event row, in one transaction; the send job after the commit.
 */
export async function createExplicitSend(ctx: DispatchCtx, input: ExplicitSend): Promise<Delivery> {
  const settings = await loadDeliverySettings(ctx.db, input.tenantId);
  const invoiceId = input.invoiceIds[0];
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await withTransaction(ctx, async (tx) => {
        const [{ top }] = await tx
          .select({ top: max(deliveries.seq) })
          .from(deliveries)
          .where(
            and(
              eq(deliveries.invoiceId, invoiceId),
              eq(deliveries.channel, input.channel),
              eq(deliveries.recipient, input.recipient),
            ),
          );
        const [created] = await tx
          .insert(deliveries)
          .values({
            tenantId: input.tenantId,
            invoiceId,
            channel: input.channel,
            recipient: input.recipient,
            seq: Math.max(1, (top ?? 0) + 1),
            trigger: input.trigger,
            status: 'queued',
            createdBy: ctx.actor?.userId ?? null,
          })
          .returning();
        const shortCode = await createShortLink(tx, {
          tenantId: input.tenantId,
          invoiceIds: input.invoiceIds,
          deliveryId: created.id,
          ttlDays: settings.linkTtlDays,
        });
        await tx.update(deliveries).set({ shortCode }).where(eq(deliveries.id, created.id));
        await recordEvent(tx, created, input.event.kind, {
          code: input.trigger,
          message: input.event.message,
        });
        const taskId = await addSendTask(tx, created);
        return { row: { ...created, shortCode }, taskId };
      });
      await kickSend(ctx.jobs, row.taskId);
      return row.row;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
}
