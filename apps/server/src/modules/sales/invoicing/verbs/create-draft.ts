import { issuingTenant } from '../issuing-tenant.ts';
import type { CreateInvoiceBody } from '@fpy/contracts';
import type { invoiceEvents, invoiceLines } from '@fpy/db';
import { invoices } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../../../../lib/errors.ts';
import { headerValues, lineValues } from '../form-rows.ts';
import { acceptInvoice } from '../create-groups.ts';
import { recompute } from '../recompute.ts';
import { codeRatesFor } from '../../tax-codes/index.ts';
import type { VerbCtx } from '../../../../http/verb-ctx.ts';

type Invoice = typeof invoices.$inferSelect;
type Line = typeof invoiceLines.$inferSelect;
type Event = typeof invoiceEvents.$inferSelect;

/**
 * Saves a draft — or, with `submit`, the draft already handed on (draft → ready, or → pending_review for a
 * 预开 tenant), both events written. One statement per accepted invoice (create-statement.ts), which is what
 * lets the API accept invoices at close to the rate of a bare insert. The caller enqueues the issue job after
 * it. A new invoice comes back with its lines and events, so the reply needs no re-read.
 *
 * Idempotent on (tenant, clientSerial): INSERT … ON CONFLICT DO NOTHING, and when nothing was inserted the
 * first invoice is read back — under concurrency the loser's INSERT waits for the winner's commit and then
 * reads its row, so a serial never yields two invoices.
 */
export async function createDraft({
  ctx,
  input,
  submit = false,
}: {
  ctx: VerbCtx;
  input: CreateInvoiceBody;
  submit?: boolean;
}): Promise<{ invoice: Invoice; created: boolean; lines?: Line[]; events?: Event[] }> {
  const tenantId = issuingTenant(ctx);
  const calc = recompute(input, await codeRatesFor(ctx.db));
  const actor = ctx.actor!;
  const outcome = await acceptInvoice(ctx.db, {
    header: {
      tenantId,
      clientSerial: input.clientSerial,
      colour: 'blue',
      ...headerValues(input, calc, actor.name),
      createdBy: actor.userId,
    },
    lines: lineValues(input, calc, { id: 0, tenantId }).map(({ tenantId: _t, invoiceId: _i, ...l }) => l),
    submit,
    actor,
    ip: ctx.ip,
  });
  if (outcome.kind === 'no_tenant') throw notFound('NOT_FOUND.company');
  if (outcome.kind === 'created') return { ...outcome, created: true };
  const [first] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.clientSerial, input.clientSerial)));
  return { invoice: first, created: false };
}
