import type {
  listWebhookDeliveries,
  QueryOf,
  WebhookDeliveryDetail,
  WebhookDeliveryRow,
  WebhookDeliveryState,
  WebhookEvent,
} from '@fpy/contracts';
import {
  type Db,
  openApps,
  openWebhookAttempts,
  openWebhookDeliveries,
  openWebhookEvents,
  tenants,
} from '@fpy/db';
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { dayRange } from '../../../data/day-range.ts';
import { likePattern, offsetOf, orderBy } from '../../../data/paging.ts';

/** Whose deliveries a caller sees: a company its own events', the platform (null) every one. */
export type Scope = number | null;

const columns = {
  id: openWebhookDeliveries.id,
  eventId: openWebhookDeliveries.eventId,
  eventType: openWebhookDeliveries.eventType,
  tenantId: openWebhookDeliveries.tenantId,
  tenantName: tenants.name,
  appId: openWebhookDeliveries.appId,
  appName: openApps.name,
  url: openWebhookDeliveries.url,
  state: openWebhookDeliveries.state,
  attempts: openWebhookDeliveries.attempts,
  lastStatus: openWebhookDeliveries.lastStatus,
  lastCode: openWebhookDeliveries.lastCode,
  lastError: openWebhookDeliveries.lastError,
  nextAt: openWebhookDeliveries.nextAt,
  deliveredAt: openWebhookDeliveries.deliveredAt,
  createdAt: openWebhookDeliveries.createdAt,
};
const selectRows = (db: Db) =>
  db
    .select(columns)
    .from(openWebhookDeliveries)
    .leftJoin(tenants, eq(tenants.id, openWebhookDeliveries.tenantId))
    .leftJoin(openApps, eq(openApps.id, openWebhookDeliveries.appId));
type Selected = Awaited<ReturnType<typeof selectRows>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toRow = (r: Selected): WebhookDeliveryRow => ({
  ...r,
  eventType: r.eventType as WebhookEvent,
  state: r.state as WebhookDeliveryState,
  tenantName: r.tenantName ?? null,
  appName: r.appName ?? null,
  nextAt: iso(r.nextAt),
  deliveredAt: iso(r.deliveredAt),
  createdAt: r.createdAt.toISOString(),
});

const scoped = (scope: Scope) => (scope === null ? undefined : eq(openWebhookDeliveries.tenantId, scope));

export async function listDeliveries(
  db: Db,
  scope: Scope,
  q: QueryOf<typeof listWebhookDeliveries>,
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  const where = and(
    scoped(scope),
    q.eventType ? eq(openWebhookDeliveries.eventType, q.eventType) : undefined,
    q.state ? eq(openWebhookDeliveries.state, q.state) : undefined,
    q.appId ? eq(openWebhookDeliveries.appId, q.appId) : undefined,
    q.eventId ? eq(openWebhookDeliveries.eventId, q.eventId) : undefined,
    dayRange(openWebhookDeliveries.createdAt, q.dateFrom, q.dateTo),
  );
  const sort: SQL = orderBy(
    q.sort,
    {
      id: openWebhookDeliveries.id,
      createdAt: openWebhookDeliveries.createdAt,
      attempts: openWebhookDeliveries.attempts,
    },
    desc(openWebhookDeliveries.id),
  );
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(sort, desc(openWebhookDeliveries.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(openWebhookDeliveries).where(where),
  ]);
  return { rows: rows.map(toRow), total };
}

export async function deliveryRow(db: Db, scope: Scope, id: number): Promise<WebhookDeliveryRow | null> {
  const [row] = await selectRows(db).where(and(eq(openWebhookDeliveries.id, id), scoped(scope)));
  return row ? toRow(row) : null;
}

/** The attempts, oldest first; at most the last 200 of a delivery that kept failing. */
const ATTEMPTS_MAX = 200;

export async function deliveryDetail(
  db: Db,
  scope: Scope,
  id: number,
): Promise<WebhookDeliveryDetail | null> {
  const row = await deliveryRow(db, scope, id);
  if (!row) return null;
  const [[ev], attempts] = await Promise.all([
    db
      .select({ body: openWebhookEvents.body })
      .from(openWebhookEvents)
      .where(eq(openWebhookEvents.eventId, row.eventId)),
    db
      .select()
      .from(openWebhookAttempts)
      .where(eq(openWebhookAttempts.deliveryId, id))
      .orderBy(desc(openWebhookAttempts.id))
      .limit(ATTEMPTS_MAX),
  ]);
  return {
    ...row,
    body: ev?.body ?? '',
    attemptLog: attempts.reverse().map((a) => ({
      id: a.id,
      n: a.n,
      url: a.url,
      requestHeaders: a.requestHeaders,
      requestBody: a.requestBody,
      responseStatus: a.responseStatus,
      responseBody: a.responseBody,
      errorCode: a.errorCode,
      errorMessage: a.errorMessage,
      latencyMs: a.latencyMs,
      manual: a.manual,
      startedAt: a.startedAt.toISOString(),
    })),
  };
}

/** The apps whose deliveries the caller may see: the company's own and the ISV apps it licensed (platform: all). */
export async function appsOf(db: Db, scope: Scope, q?: string) {
  const text = q ? likePattern(q) : null;
  const rows = await db
    .selectDistinct({ id: openApps.id, name: openApps.name, appKey: openApps.appKey })
    .from(openApps)
    .where(
      and(
        scope === null
          ? undefined
          : or(
              eq(openApps.tenantId, scope),
              and(
                isNull(openApps.tenantId),
                // An ISV app appears once it delivered an event of the company.
                eq(
                  openApps.id,
                  db
                    .select({ appId: openWebhookDeliveries.appId })
                    .from(openWebhookDeliveries)
                    .where(
                      and(
                        eq(openWebhookDeliveries.tenantId, scope),
                        eq(openWebhookDeliveries.appId, openApps.id),
                      ),
                    )
                    .limit(1),
                ),
              ),
            ),
        text ? or(ilike(openApps.name, text), ilike(openApps.appKey, text)) : undefined,
      ),
    )
    .orderBy(asc(openApps.id))
    .limit(200);
  return { rows };
}
