import { type Db, oauthClients, openApps, openDevelopers, openInterfaces, tenants } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../http/context.ts';
import { badRequest } from '../../../lib/errors.ts';
import { vetDestination } from '../../../gateways/kit/index.ts';

/** References a form names, each refused with a 400 naming its field when it points at nothing. */
export async function tenantExists(db: Db, id: unknown, field = 'tenantId') {
  if (typeof id !== 'number') return;
  const [t] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, id));
  if (!t) throw badRequest('OPEN_TENANT_UNKNOWN', { id }, { field });
}

export async function appOf(db: Db, id: unknown, field = 'appId') {
  if (typeof id !== 'number') return null;
  const [a] = await db.select().from(openApps).where(eq(openApps.id, id));
  if (!a) throw badRequest('OPEN_APP_UNKNOWN', { id }, { field });
  return a;
}

export async function developerOf(db: Db, id: unknown, field = 'developerId') {
  const [d] =
    typeof id === 'number' ? await db.select().from(openDevelopers).where(eq(openDevelopers.id, id)) : [];
  if (!d) throw badRequest('OPEN_DEVELOPER_UNKNOWN', { id: String(id) }, { field });
  return d;
}

export async function operationExists(db: Db, operation: unknown, field = 'operation') {
  if (typeof operation !== 'string') return;
  const [i] = await db
    .select({ id: openInterfaces.id })
    .from(openInterfaces)
    .where(eq(openInterfaces.operation, operation));
  if (!i) throw badRequest('OPEN_OPERATION_UNKNOWN', { operation }, { field });
}

export async function clientExists(db: Db, clientId: unknown, field = 'clientId') {
  if (typeof clientId !== 'string') return;
  const [c] = await db
    .select({ id: oauthClients.id })
    .from(oauthClients)
    .where(eq(oauthClients.clientId, clientId));
  if (!c) throw badRequest('OPEN_CLIENT_UNKNOWN', { clientId }, { field });
}

/** An expiry being set must lie ahead (an unchanged one, on an edit, may already have passed). */
export function futureExpiry(value: unknown, before?: unknown, field = 'expiresAt') {
  if (!(value instanceof Date)) return;
  if (before instanceof Date && before.getTime() === value.getTime()) return;
  if (value.getTime() <= Date.now()) throw badRequest('OPEN_EXPIRY_PAST', undefined, { field });
}

/**
 * A callback URL passes the outbound guard (lib/outbound): a receiver on a loopback, private or link-local
 * address is refused unless the installation allows it (OUTBOUND_ALLOW_HOSTS), 400 naming the field.
 */
export async function vetCallback(ctx: AuthedCtx, url: unknown, field = 'callbackUrl') {
  if (typeof url !== 'string' || !url) return;
  await vetDestination(ctx.outbound, new URL(url).host, field);
}
