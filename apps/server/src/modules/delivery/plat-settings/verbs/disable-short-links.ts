import type { AuthedCtx } from '../../../../http/context.ts';
import { businessError } from '../../../../lib/errors.ts';
import { withTransaction } from '../../../../lib/write/index.ts';
import { changeShortLinks } from '../../short-links/index.ts';
import { auditLinks } from '../audit-links.ts';
import { ownCompany } from '../parameters.ts';

/**
 * Disables the caller's company's links among `codes` that are not disabled yet: a buyer opening one then sees
 * its expired page. Codes of other companies or unknown ones are skipped, never named; none at all is a refusal.
 */
export async function disableLinks({ ctx, input }: { ctx: AuthedCtx; input: { codes: string[] } }) {
  const tenantId = ownCompany(ctx);
  return withTransaction(ctx, async (tx) => {
    const rows = await changeShortLinks(tx, tenantId, input.codes, { kind: 'disable' });
    if (!rows.length) throw businessError('SHORT_LINKS_NONE');
    await auditLinks(ctx, tx, tenantId, 'disable', rows, {});
    return { updated: rows.length };
  });
}
