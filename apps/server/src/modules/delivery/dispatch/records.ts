import type { DeliveryRow } from '@fpy/contracts';
import { classifyDeliveryFailure } from '@fpy/domain';
import { type Db, type deliveries, deliveryEvents, messageProviders, shortLinks, users } from '@fpy/db';
import type { TriedAccount } from '../../../gateways/messaging/gateway.ts';
import { SANDBOX_NAME, SANDBOX_PROVIDER_ID } from '../providers/index.ts';
import { asc, inArray } from 'drizzle-orm';
import { shortLinkUrl } from './short-links.ts';

export type Delivery = typeof deliveries.$inferSelect;
type Tried = TriedAccount;

/** Events that report a failure: their code and text are classified when they are written. */
export const FAILURE_EVENTS: ReadonlySet<string> = new Set([
  'failed',
  'dead',
  'retry',
  'bounced',
  'failover',
]);

/**
 * One line of a delivery's history (delivery_events): requested, attempt, retry, accepted, delivered, failed …
 * A failure keeps the provider's raw code and text and, beside them, its kind (@fpy/domain
 * classifyDeliveryFailure), which the pages and exports show in the user's language.
 */
export async function recordEvent(
  db: Db,
  d: Pick<Delivery, 'id' | 'tenantId' | 'channel'>,
  kind: string,
  opts: { code?: string | null; message?: string | null; providerId?: number | null } = {},
) {
  const failed = FAILURE_EVENTS.has(kind) && (opts.code || opts.message);
  await db.insert(deliveryEvents).values({
    tenantId: d.tenantId,
    deliveryId: d.id,
    channel: d.channel,
    kind,
    code: opts.code ?? null,
    message: opts.message ?? null,
    providerId: opts.providerId ?? null,
    failureKind: failed ? classifyDeliveryFailure({ code: opts.code, message: opts.message }) : null,
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
  const triedOf = (r: Delivery) => (Array.isArray(r.tried) ? (r.tried as Tried[]) : []);
  const accountIds = [
    ...new Set(rows.flatMap((r) => triedOf(r).map((a) => a.providerId)).filter((p): p is number => !!p)),
  ];
  const [events, links, names, accounts] = await Promise.all([
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
    accountIds.length
      ? db
          .select({ id: messageProviders.id, name: messageProviders.name })
          .from(messageProviders)
          .where(inArray(messageProviders.id, accountIds))
      : Promise.resolve([]),
  ]);
  const accountName = new Map(accounts.map((a) => [a.id, a.name]));
  accountName.set(SANDBOX_PROVIDER_ID, SANDBOX_NAME);
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
    nextAttemptAt: iso(r.nextAttemptAt),
    providerId: r.providerId,
    tried: triedOf(r).map((a) => ({
      ...a,
      providerName: a.providerId === null ? null : (accountName.get(a.providerId) ?? null),
    })),
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
