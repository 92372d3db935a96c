import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '@fpy/contracts';
import { type Db, invoices, openWebhookDeliveries, openWebhookEvents, tenants } from '@fpy/db';
import { inArray } from 'drizzle-orm';
import type { JobQueue } from '../../../jobs/queue.ts';
import { addTask, kickTask } from '../../platform/outbox/index.ts';
import { type Subscriber, subscribersOf } from './subscribers.ts';
import { WEBHOOK_KIND } from './types.ts';

/** A new event id: what receivers de-duplicate on ('evt_' + 32 hex, 128 random bits). */
export const newEventId = () => `evt_${randomBytes(16).toString('hex')}`;

/** One event to announce: its type, the company, what it is about and its data. */
export interface PendingEvent {
  type: WebhookEvent;
  tenantId: number;
  subject: string;
  data: Record<string, unknown>;
}

type InvoiceRow = typeof invoices.$inferSelect;

/** The invoice as every invoice event shows it: money in fen, times in ISO 8601 UTC. */
export function invoiceData(inv: InvoiceRow): Record<string, unknown> {
  return {
    invoiceId: inv.id,
    clientSerial: inv.clientSerial,
    type: inv.type,
    colour: inv.colour,
    status: inv.status,
    number: inv.number,
    issuedAt: inv.issuedAt?.toISOString() ?? null,
    sellerName: inv.sellerName,
    sellerTaxNo: inv.sellerCreditCode,
    buyerName: inv.buyerName,
    buyerTaxNo: inv.buyerTaxNumber,
    amountFen: inv.amountFen,
    taxFen: inv.taxFen,
    totalFen: inv.totalFen,
    ...(inv.colour === 'red' ? { blueInvoiceId: inv.blueInvoiceId, blueNumber: inv.blueNumber } : {}),
    ...(inv.status === 'failed' ? { failureCode: inv.failureCode, failureReason: inv.failureReason } : {}),
  };
}

/** The JSON text sent for an event (kept as text: the signature covers these very bytes). */
export function eventBody(
  e: { eventId: string; type: string; occurredAt: Date; tenantId: number; taxNo: string | null },
  data: Record<string, unknown>,
): string {
  return JSON.stringify({
    id: e.eventId,
    type: e.type,
    createdAt: e.occurredAt.toISOString(),
    enterprise: { id: e.tenantId, taxNo: e.taxNo },
    data,
  });
}

export async function loadInvoices(db: Db, ids: readonly number[]): Promise<Map<number, InvoiceRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(invoices)
    .where(inArray(invoices.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Writes the events that have subscribers, each with one delivery and one outbox task per subscribed app, in
 * the caller's transaction (the business change and its announcement commit together). Nobody subscribed: one
 * query, nothing written. The tasks are kicked shortly after (a hint only; the outbox's sweep finds a task a lost
 * kick left behind, and a kick before the commit finds nothing to claim).
 */
export async function announce(
  tx: Db,
  jobs: JobQueue,
  events: readonly PendingEvent[],
  known?: Subscriber[],
): Promise<number> {
  if (!events.length) return 0;
  const subs =
    known ??
    (await subscribersOf(
      tx,
      events.map((e) => e.tenantId),
    ));
  const wanted = events
    .map((e) => ({ e, apps: subs.filter((s) => s.tenantId === e.tenantId && s.events.includes(e.type)) }))
    .filter((w) => w.apps.length);
  if (!wanted.length) return 0;
  const tenantIds = [...new Set(wanted.map((w) => w.e.tenantId))];
  const taxNos = new Map(
    (
      await tx
        .select({ id: tenants.id, creditCode: tenants.creditCode })
        .from(tenants)
        .where(inArray(tenants.id, tenantIds))
    ).map((t) => [t.id, t.creditCode]),
  );
  const occurredAt = new Date();
  const rows = wanted.map(({ e }) => {
    const eventId = newEventId();
    return {
      eventId,
      type: e.type,
      tenantId: e.tenantId,
      subject: e.subject,
      occurredAt,
      body: eventBody(
        { eventId, type: e.type, occurredAt, tenantId: e.tenantId, taxNo: taxNos.get(e.tenantId) ?? null },
        e.data,
      ),
    };
  });
  await tx.insert(openWebhookEvents).values(rows);
  const deliveries = await tx
    .insert(openWebhookDeliveries)
    .values(
      wanted.flatMap(({ e, apps }, i) =>
        apps.map((a) => ({
          eventId: rows[i].eventId,
          eventType: e.type,
          tenantId: e.tenantId,
          appId: a.appId,
          url: a.url,
          nextAt: occurredAt,
        })),
      ),
    )
    .onConflictDoNothing()
    .returning({ id: openWebhookDeliveries.id, tenantId: openWebhookDeliveries.tenantId });
  const taskIds: number[] = [];
  for (const d of deliveries)
    taskIds.push(
      await addTask(tx, {
        kind: WEBHOOK_KIND,
        ref: d.id,
        tenantId: d.tenantId,
        payload: { deliveryId: d.id },
      }),
    );
  // After the commit, normally: the delayed kick lets the transaction end first.
  for (const id of taskIds) await kickTask(jobs, id, KICK_DELAY_MS, WEBHOOK_KIND);
  return deliveries.length;
}

/** How long after the business transaction the first attempt is asked for. */
export const KICK_DELAY_MS = 150;
