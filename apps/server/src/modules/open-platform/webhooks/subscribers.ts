import type { Db } from '@fpy/db';
import { sql } from 'drizzle-orm';

/** The host part of a URL ending in a reserved top-level name (see kind.ts `unroutable`). */
const RESERVED = '^[a-z][a-z0-9+.-]*://([^/?#@]*@)?[^/?#:]*\\.(example|invalid|test)\\.?(:[0-9]+)?([/?#]|$)';

/** An app that hears an event of a company: where to, and which events it asked for. */
export interface Subscriber {
  appId: number;
  tenantId: number;
  url: string;
  events: string[];
}

/**
 * The apps subscribed to events of `tenantIds`: an enabled app with a callback URL that is the company's own, or
 * an ISV app the company licensed (active, unexpired, with the output-invoice group in its scopes). One query per
 * transaction that moves invoices; the event filter is the caller's (an app lists the events it wants).
 */
export async function subscribersOf(db: Db, tenantIds: readonly number[]): Promise<Subscriber[]> {
  if (!tenantIds.length) return [];
  const ids = sql.join(
    [...new Set(tenantIds)].map((id) => sql`${id}::int`),
    sql`, `,
  );
  // A callback at a reserved name (RFC 2606 / 6761: .example, .invalid, .test) can never be reached: such an app
  // gets no deliveries at all (the demo apps call back there; every invoice issued would otherwise add a refusal).
  const routable = sql`a.callback_url !~* ${RESERVED}`;
  const rows = await db.execute<{ app_id: number; tenant_id: number; url: string; events: unknown }>(sql`
    SELECT a.id AS app_id, a.tenant_id AS tenant_id, a.callback_url AS url, a.webhook_events AS events
      FROM open_apps a
     WHERE a.state = 'enabled' AND a.callback_url IS NOT NULL AND a.callback_url <> ''
       AND jsonb_array_length(a.webhook_events) > 0 AND a.tenant_id IN (${ids}) AND ${routable}
    UNION ALL
    SELECT a.id, l.tenant_id, a.callback_url, a.webhook_events
      FROM open_licenses l JOIN open_apps a ON a.id = l.app_id AND a.tenant_id IS NULL
     WHERE l.tenant_id IN (${ids}) AND l.state = 'active' AND (l.expires_at IS NULL OR l.expires_at > now())
       AND l.scopes @> '["output-invoice"]'::jsonb
       AND a.state = 'enabled' AND a.callback_url IS NOT NULL AND a.callback_url <> ''
       AND jsonb_array_length(a.webhook_events) > 0 AND ${routable}`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: typeof rows }).rows;
  return (list as { app_id: number; tenant_id: number; url: string; events: unknown }[]).map((r) => ({
    appId: Number(r.app_id),
    tenantId: Number(r.tenant_id),
    url: r.url,
    events: Array.isArray(r.events) ? (r.events as string[]) : JSON.parse(String(r.events ?? '[]')),
  }));
}
