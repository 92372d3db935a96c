import type { AuthedCtx } from '../../../../http/context.ts';
import { businessError } from '../../../../lib/errors.ts';
import { withTransaction } from '../../../../lib/write/index.ts';
import { changeShortLinks } from '../../short-links/index.ts';
import { auditLinks } from '../audit-links.ts';
import { ownCompany } from '../parameters.ts';

/**
 * Extends the caller's links among `codes` by `days`: from their expiry, or from now when they have already
 * expired, so an extension always gives the buyer at least `days` more. Disabled links stay disabled and
 * never-expiring ones need nothing; they are skipped.
 */
export async function extendLinks({
  ctx,
  input,
}: {
  ctx: AuthedCtx;
  input: { codes: string[]; days: number };
}) {
  const tenantId = ownCompany(ctx);
  return withTransaction(ctx, async (tx) => {
    const rows = await changeShortLinks(tx, tenantId, input.codes, { kind: 'extend', days: input.days });
    if (!rows.length) throw businessError('SHORT_LINKS_NONE.extend');
    await auditLinks(ctx, tx, tenantId, 'extend', rows, { days: input.days });
    return { updated: rows.length };
  });
}
