import {
  ISSUED_STATUSES,
  mobileAmong,
  normalizeRecipient,
  recipientProblem,
  type DeliveryChannel,
} from '@fpy/domain';
import { invoiceStatusText } from '@fpy/contracts';
import { type Db, invoices } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { badRequest, businessError, notFound } from '../../../lib/errors.ts';

type Invoice = typeof invoices.$inferSelect;

/** Invoices a buyer may receive: the domain's issued family (issued, and still so after (part of) it was reversed). */
export const DELIVERABLE_STATUSES: readonly string[] = ISSUED_STATUSES;

export interface RequestDeliveryInput {
  /** The invoice's company; the caller has already scoped the invoice to what it may touch. */
  tenantId: number;
  invoiceId: number;
  channel: DeliveryChannel;
  /** Another address than the buyer's; absent = the buyer's e-mail / mobile on the invoice. */
  recipient?: string | null;
  /** auto (after issuing), manual (交付), bulk, forward (the buyer's own page). */
  trigger?: 'auto' | 'manual' | 'bulk' | 'forward';
}

/** The buyer's address for a channel on the invoice, or null. */
export function buyerRecipient(inv: Invoice, channel: DeliveryChannel): string | null {
  if (channel === 'email') return inv.buyerEmail?.trim() || null;
  return mobileAmong(inv.buyerPhone);
}

/** The recipient to use, normalised; 400 naming the field when missing or malformed. */
export function resolveRecipient(inv: Invoice, channel: DeliveryChannel, typed?: string | null): string {
  const raw = typed?.trim() || buyerRecipient(inv, channel);
  if (!raw)
    throw badRequest(channel === 'email' ? 'DELIVERY_NO_RECIPIENT.email' : 'DELIVERY_NO_RECIPIENT.sms');
  if (recipientProblem(channel, raw))
    throw badRequest(
      channel === 'email' ? 'DELIVERY_RECIPIENT_INVALID.email' : 'DELIVERY_RECIPIENT_INVALID.sms',
      { value: raw.slice(0, 64) },
    );
  return normalizeRecipient(channel, raw);
}

/** The invoice a delivery is asked for: the company's, issued (404 / a business refusal otherwise). */
export async function loadDeliverableInvoice(db: Db, tenantId: number, invoiceId: number): Promise<Invoice> {
  const [inv] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.tenantId, tenantId)))
    .limit(1);
  if (!inv) throw notFound('NOT_FOUND.invoice');
  if (!DELIVERABLE_STATUSES.includes(inv.status) || !inv.number)
    throw businessError('DELIVERY_INVOICE_NOT_ISSUED', { status: invoiceStatusText(inv.status) });
  return inv;
}
