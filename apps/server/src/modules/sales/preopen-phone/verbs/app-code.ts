import { invoiceStatusText, preopenAppUrl } from '@fpy/contracts';
import { preopenPhoneAppCodes } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { businessError, forbidden } from '../../../../lib/errors.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { newShortCode } from '../../../delivery/short-links/index.ts';
import { loadInvoice } from '../../invoicing/index.ts';

/**
 * The QR of a pre-issue application (预开审核 detail): one code per invoice, made the first time it is asked for
 * while the application waits for review, the same code afterwards (a race inserts once: the unique invoice id).
 * The code opens nothing by itself — only a phone bound to a reviewer of the same tenant can read it.
 */
export async function appCode({ ctx, input }: { ctx: AuthedCtx; input: { id: number } }) {
  const tenantId = ctx.actor.tenantId;
  if (tenantId === null) throw forbidden('TENANT_REQUIRED.invoicing');
  const existing = async () =>
    (
      await ctx.db
        .select({ code: preopenPhoneAppCodes.code })
        .from(preopenPhoneAppCodes)
        .where(and(eq(preopenPhoneAppCodes.invoiceId, input.id), eq(preopenPhoneAppCodes.tenantId, tenantId)))
    )[0]?.code;
  let code = await existing();
  if (!code) {
    const inv = await loadInvoice(ctx.db, tenantId, input.id);
    if (inv.status !== 'pending_review')
      throw businessError('PREOPEN_NOT_PENDING', { status: invoiceStatusText(inv.status) });
    await withTransaction(ctx, async (tx) => {
      const [row] = await tx
        .insert(preopenPhoneAppCodes)
        .values({ tenantId, invoiceId: inv.id, code: newShortCode(20), createdBy: ctx.actor.userId })
        .onConflictDoNothing()
        .returning({ id: preopenPhoneAppCodes.id });
      if (row)
        await emitAudit(tx, ctx, {
          tenantId,
          resource: 'preopen_phone_app_code',
          recordId: row.id,
          action: 'create',
          changes: { invoiceId: inv.id },
        });
    });
    code = await existing();
  }
  return { code: code!, url: preopenAppUrl(code!) };
}
