import { RESEND_GIVEN_UP_MAX } from '@fpy/contracts';
import { deliveries, invoices } from '@fpy/db';
import { and, asc, eq, gt, inArray, notExists, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tenantCondition } from '../../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../../http/context.ts';
import { AppError } from '../../../../lib/errors.ts';
import { resend } from './resend.ts';

/**
 * 批量重发: every given-up record of a channel that `where` (the records page's filters, built by the records
 * module from its own list schema) matches — not only the rows on screen — each resent as a user's resend would
 * be (next seq, the user, an event). A record that already has a later one to the same recipient was resent
 * before and is left alone, so pressing twice sends once. One that cannot be resent (its invoice voided since)
 * is counted, not fatal.
 */
export async function resendGivenUp({
  ctx,
  input,
}: {
  ctx: AuthedCtx;
  input: { channel: 'email' | 'sms'; statuses: ('dead' | 'failed')[]; where?: SQL };
}): Promise<{ resent: number; refused: number; more: boolean }> {
  const later = alias(deliveries, 'later');
  const rows = await ctx.db
    .select({ id: deliveries.id })
    .from(deliveries)
    // The records list joins the invoice (its number is a filter): so does this.
    .leftJoin(invoices, eq(invoices.id, deliveries.invoiceId))
    .where(
      and(
        tenantCondition(ctx, deliveries.tenantId),
        eq(deliveries.channel, input.channel),
        inArray(deliveries.status, input.statuses),
        input.where,
        notExists(
          ctx.db
            .select({ id: later.id })
            .from(later)
            .where(
              and(
                eq(later.invoiceId, deliveries.invoiceId),
                eq(later.channel, deliveries.channel),
                eq(later.recipient, deliveries.recipient),
                gt(later.seq, deliveries.seq),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(deliveries.id))
    .limit(RESEND_GIVEN_UP_MAX + 1);
  let resent = 0;
  let refused = 0;
  for (const r of rows.slice(0, RESEND_GIVEN_UP_MAX)) {
    try {
      await resend({ ctx, input: { id: r.id } });
      resent += 1;
    } catch (err) {
      // A business refusal (invoice voided, recipient no longer valid) leaves that one; anything else is a fault.
      if (!(err instanceof AppError) || err.httpStatus >= 500) throw err;
      refused += 1;
    }
  }
  return { resent, refused, more: rows.length > RESEND_GIVEN_UP_MAX };
}
