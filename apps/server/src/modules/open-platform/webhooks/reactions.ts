import type { WebhookEvent } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { DeliveryAcceptedHook } from '../../delivery/dispatch/index.ts';
import type { InvoiceMove, InvoiceMovedHook, RedIssuedHook } from '../../sales/invoicing/index.ts';
import { announce, invoiceData, loadInvoices, type PendingEvent } from './events.ts';
import { subscribersOf } from './subscribers.ts';

/** Which event a state change is, if any: issued (blue), failed, voided (a paper invoice, from issued). */
function eventOf(m: InvoiceMove): WebhookEvent | null {
  if (m.to === 'issued' && m.colour !== 'red') return 'invoice.issued';
  if (m.to === 'failed' && m.from === 'issuing') return 'invoice.failed';
  if (m.to === 'void' && m.from === 'issued') return 'invoice.voided';
  return null;
}

/**
 * Events of invoices, in the transaction of the change: the subscribers first (one query), the invoices only
 * when someone listens. Module-level functions, so registering them again (a second app in a test process)
 * changes nothing (the hooks are Sets).
 */
async function announceInvoices(
  tx: Db,
  jobs: JobQueue,
  moves: readonly { m: Pick<InvoiceMove, 'id' | 'tenantId'>; type: WebhookEvent }[],
) {
  if (!moves.length) return;
  const subs = await subscribersOf(
    tx,
    moves.map((x) => x.m.tenantId),
  );
  const heard = moves.filter((x) =>
    subs.some((s) => s.tenantId === x.m.tenantId && s.events.includes(x.type)),
  );
  if (!heard.length) return;
  const rows = await loadInvoices(
    tx,
    heard.map((x) => x.m.id),
  );
  const events: PendingEvent[] = heard.flatMap(({ m, type }) => {
    const inv = rows.get(m.id);
    return inv ? [{ type, tenantId: m.tenantId, subject: `invoice:${m.id}`, data: invoiceData(inv) }] : [];
  });
  await announce(tx, jobs, events, subs);
}

export const onMoved: InvoiceMovedHook = async (tx, ctx, moves) => {
  const typed = moves.flatMap((m) => {
    const type = eventOf(m);
    return type ? [{ m, type }] : [];
  });
  await announceInvoices(tx, ctx.jobs, typed);
};

/** A red invoice issued: invoice.red_lettered, with the red invoice and the blue one it reverses. */
export const onRedIssued: RedIssuedHook = async (tx, ctx, red) => {
  await announceInvoices(tx, ctx.jobs, [{ m: red, type: 'invoice.red_lettered' }]);
};

/** The buyer's mailbox or phone number, masked: the receiver learns that it went, not the address. */
export function maskRecipient(r: string): string {
  const at = r.indexOf('@');
  if (at > 0) return `${r.slice(0, Math.min(2, at))}***${r.slice(at)}`;
  return r.length > 7 ? `${r.slice(0, 3)}****${r.slice(-4)}` : '****';
}

/** A delivery accepted by a provider: invoice.delivered, with the channel and the masked recipient. */
export const onAccepted: DeliveryAcceptedHook = async (tx, ctx, d) => {
  const subs = await subscribersOf(tx, [d.tenantId]);
  if (!subs.some((s) => s.tenantId === d.tenantId && s.events.includes('invoice.delivered'))) return;
  const inv = (await loadInvoices(tx, [d.invoiceId])).get(d.invoiceId);
  await announce(
    tx,
    ctx.jobs,
    [
      {
        type: 'invoice.delivered',
        tenantId: d.tenantId,
        subject: `delivery:${d.id}`,
        data: {
          deliveryId: d.id,
          channel: d.channel,
          recipient: maskRecipient(d.recipient),
          acceptedAt: d.acceptedAt?.toISOString() ?? null,
          invoice: inv ? invoiceData(inv) : { invoiceId: d.invoiceId },
        },
      },
    ],
    subs,
  );
};
