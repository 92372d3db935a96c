import { DESTINATION_HOST_FIELD, type ProviderKind } from '@fpy/contracts';
import type { AuthedCtx } from '../../../../http/context.ts';
import { badRequest } from '../../../../lib/errors.ts';
import type { FieldPath } from './mask.ts';

/** The host of an SMTP host or an SDK endpoint (host[:port], [v6]:port); a bare IPv6 address is all host. */
function hostOf(value: string): string {
  const v = value.trim();
  const bracketed = /^(\[[^\]]*\])(:\d{1,5})?$/.exec(v);
  if (bracketed) return bracketed[1];
  return v.split(':').length === 2 ? v.replace(/:\d{1,5}$/, '') : v;
}

/**
 * A form naming an address the server may not connect to (loopback, private, link-local … in any spelling, or a
 * name resolving there now) is refused when saved, 400 naming the field. The connection itself is checked again
 * every time (lib/outbound): this only says so early, where the user typed it.
 */
export async function vetDestination(
  ctx: AuthedCtx,
  kind: ProviderKind,
  config: Record<string, unknown>,
  fieldPath: FieldPath,
) {
  const field = DESTINATION_HOST_FIELD[kind];
  const value = field ? config[field] : null;
  if (!field || typeof value !== 'string' || !value.trim()) return;
  const blocked = await ctx.outbound.vet(hostOf(value));
  if (blocked)
    throw badRequest(
      'OUTBOUND_BLOCKED',
      { host: value.trim().slice(0, 64), key: fieldPath(field) },
      { field: fieldPath(field) },
    );
}
