import { shortLinks } from '@fpy/db';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { businessError } from '../../../../lib/errors.ts';
import { ownCompany } from '../parameters.ts';
import { auditLinks } from './audit-links.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

/**
 * Extends the caller's links among `codes` by `days`: from their expiry, or from now when they have already
 * expired, so an extension always gives the buyer at least `days` more. Disabled links stay disabled and
 * never-expiring ones need nothing; they are skipped.
 */
export async function extendShortLinksVerb(ctx: AuthedCtx, codes: string[], days: number) {
  const tenantId = ownCompany(ctx);
  return withTransaction(ctx, async (tx) => {
    const rows = await tx
      .update(shortLinks)
      .set({ expiresAt: sql`greatest(${shortLinks.expiresAt}, now()) + (${days}::int * interval '1 day')` })
      .where(
        and(
          eq(shortLinks.tenantId, tenantId),
          inArray(shortLinks.code, [...new Set(codes)]),
          isNull(shortLinks.disabledAt),
          isNotNull(shortLinks.expiresAt),
        ),
      )
      .returning({ code: shortLinks.code, invoiceId: shortLinks.invoiceId, expiresAt: shortLinks.expiresAt });
    if (!rows.length) throw businessError('SHORT_LINKS_NONE.extend');
    await auditLinks(ctx, tx, tenantId, 'extend', rows, { days });
    return { updated: rows.length };
  });
}
