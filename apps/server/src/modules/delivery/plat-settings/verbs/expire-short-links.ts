import type { AuthedCtx } from '../../../../http/context.ts';
import { businessError } from '../../../../lib/errors.ts';
import { withTransaction } from '../../../../lib/write/index.ts';
import { changeShortLinks } from '../../short-links/index.ts';
import { auditLinks } from '../audit-links.ts';
import { ownCompany } from '../parameters.ts';

/**
 * Ends the caller's links among `codes` now (立即到期): their expiry becomes this moment, so the buyer sees the
 * expired page and may ask for a renewal there — unlike 停用, which is final. Disabled and already expired
 * links are skipped; never-expiring ones expire too.
 */
export async function expireLinks({ ctx, input }: { ctx: AuthedCtx; input: { codes: string[] } }) {
  const tenantId = ownCompany(ctx);
  return withTransaction(ctx, async (tx) => {
    const rows = await changeShortLinks(tx, tenantId, input.codes, { kind: 'expire' });
    if (!rows.length) throw businessError('SHORT_LINKS_NONE.expire');
    await auditLinks(ctx, tx, tenantId, 'expire', rows, {});
    return { updated: rows.length };
  });
}
