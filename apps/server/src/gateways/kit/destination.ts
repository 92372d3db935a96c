import { badRequest } from '../../lib/errors.ts';
import type { OutboundGuard } from '../../lib/outbound/index.ts';

/** The host of an SMTP host or an SDK endpoint (host[:port], [v6]:port); a bare IPv6 address is all host. */
export function hostOf(value: string): string {
  const v = value.trim();
  const bracketed = /^(\[[^\]]*\])(:\d{1,5})?$/.exec(v);
  if (bracketed) return bracketed[1];
  return v.split(':').length === 2 ? v.replace(/:\d{1,5}$/, '') : v;
}

/**
 * A form naming an address the server may not connect to (loopback, private, link-local … in any spelling, or a
 * name resolving there now) is refused when saved, 400 OUTBOUND_BLOCKED naming the field. The connection itself
 * is checked again every time (lib/outbound): this only says so early, where the user typed it.
 */
export async function vetDestination(outbound: OutboundGuard, value: unknown, field: string) {
  if (typeof value !== 'string' || !value.trim()) return;
  const blocked = await outbound.vet(hostOf(value));
  if (blocked)
    throw badRequest('OUTBOUND_BLOCKED', { host: value.trim().slice(0, 64), key: field }, { field });
}
