import type { DeliveryRow } from '@fpy/contracts';
import { type Db, type deliveries, deliveryEvents, shortLinks, users } from '@fpy/db';
import { asc, inArray } from 'drizzle-orm';
import { shortLinkUrl } from './short-links.ts';

export type Delivery = typeof deliveries.$inferSelect;

/** One line of a delivery's history (delivery_events): requested, attempt, retry, accepted, delivered, failed … */
export async function recordEvent(
  db: Db,
  d: Pick<Delivery, 'id' | 'tenantId' | 'channel'>,
  kind: string,
  opts: { code?: string | null; message?: string | null; providerId?: number | null } = {},
) {
  await db.insert(deliveryEvents).values({
    tenantId: d.tenantId,
    deliveryId: d.id,
    channel: d.channel,
    kind,
    code: opts.code ?? null,
    message: opts.message ?? null,
    providerId: opts.providerId ?? null,
  });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Deliveries as the console shows them: with their events, the creator's name, the link and its invoices. */
export async function toDeliveryRows(
  db: Db,
  config: { PUBLIC_BASE_URL?: string; PORT: number },
  rows: Delivery[],
): Promise<DeliveryRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const codes = rows.map((r) => r.shortCode).filter((c): c is string => !!c);
  const userIds = [...new Set(rows.map((r) => r.createdBy).filter((u): u is number => u !== null))];
  const [events, links, names] = await Promise.all([
    db
      .select()
      .from(deliveryEvents)
      .where(inArray(deliveryEvents.deliveryId, ids))
      .orderBy(asc(deliveryEvents.createdAt), asc(deliveryEvents.id)),
    codes.length
      ? db
          .select({ code: shortLinks.code, invoiceIds: shortLinks.invoiceIds })
          .from(shortLinks)
          .where(inArray(shortLinks.code, codes))
      : Promise.resolve([]),
    userIds.length
      ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds))
      : Promise.resolve([]),
  ]);
  const batchOf = new Map(links.map((l) => [l.code, l.invoiceIds]));
  const nameOf = new Map(names.map((u) => [u.id, u.name]));
  return rows.map((r) => ({
    id: r.id,
    invoiceId: r.invoiceId,
    invoiceIds: (r.shortCode && batchOf.get(r.shortCode)) || null,
    channel: r.channel as DeliveryRow['channel'],
    recipient: r.recipient,
    seq: r.seq,
    trigger: r.trigger as DeliveryRow['trigger'],
    status: r.status as DeliveryRow['status'],
    attempts: r.attempts,
    providerKind: r.providerKind,
    errorCode: r.errorCode,
    errorMessage: r.errorMessage,
    subject: r.subject,
    body: r.body,
    link: r.shortCode ? shortLinkUrl(config, r.shortCode) : null,
    units: r.units,
    createdByName: r.createdBy === null ? null : (nameOf.get(r.createdBy) ?? null),
    createdAt: r.createdAt.toISOString(),
    acceptedAt: iso(r.acceptedAt),
    deliveredAt: iso(r.deliveredAt),
    failedAt: iso(r.failedAt),
    events: events
      .filter((e) => e.deliveryId === r.id)
      .map((e) => ({ kind: e.kind, code: e.code, message: e.message, at: e.createdAt.toISOString() })),
  }));
}
