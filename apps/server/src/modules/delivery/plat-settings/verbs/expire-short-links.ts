import { shortLinks } from '@fpy/db';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { businessError } from '../../../../lib/errors.ts';
import { ownCompany } from '../parameters.ts';
import { auditLinks } from './audit-links.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

/**
 * Ends the caller's links among `codes` now (立即到期): their expiry becomes this moment, so the buyer sees the
 * expired page and may ask for a renewal there — unlike 停用, which is final. Disabled and already expired
 * links are skipped; never-expiring ones expire too.
 */
export async function expireShortLinksVerb(ctx: AuthedCtx, codes: string[]) {
  const tenantId = ownCompany(ctx);
  return withTransaction(ctx, async (tx) => {
    const rows = await tx
      .update(shortLinks)
      .set({ expiresAt: sql`now()` })
      .where(
        and(
          eq(shortLinks.tenantId, tenantId),
          inArray(shortLinks.code, [...new Set(codes)]),
          isNull(shortLinks.disabledAt),
          or(isNull(shortLinks.expiresAt), gt(shortLinks.expiresAt, sql`now()`)),
        ),
      )
      .returning({ code: shortLinks.code, invoiceId: shortLinks.invoiceId, expiresAt: shortLinks.expiresAt });
    if (!rows.length) throw businessError('SHORT_LINKS_NONE.expire');
    await auditLinks(ctx, tx, tenantId, 'expire', rows, {});
    return { updated: rows.length };
  });
}
