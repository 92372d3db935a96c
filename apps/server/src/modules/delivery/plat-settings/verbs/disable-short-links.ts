import { shortLinks } from '@fpy/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { businessError } from '../../../../lib/errors.ts';
import { ownCompany } from '../parameters.ts';
import { auditLinks } from './audit-links.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

/**
 * Disables the caller's company's links among `codes` that are not disabled yet: a buyer opening one then sees
 * its expired page. Codes of other companies or unknown ones are skipped, never named; none at all is a refusal.
 */
export async function disableShortLinksVerb(ctx: AuthedCtx, codes: string[]) {
  const tenantId = ownCompany(ctx);
  return withTransaction(ctx, async (tx) => {
    const rows = await tx
      .update(shortLinks)
      .set({ disabledAt: new Date() })
      .where(
        and(
          eq(shortLinks.tenantId, tenantId),
          inArray(shortLinks.code, [...new Set(codes)]),
          isNull(shortLinks.disabledAt),
        ),
      )
      .returning({ code: shortLinks.code, invoiceId: shortLinks.invoiceId, expiresAt: shortLinks.expiresAt });
    if (!rows.length) throw businessError('SHORT_LINKS_NONE');
    await auditLinks(ctx, tx, tenantId, 'disable', rows, {});
    return { updated: rows.length };
  });
}
