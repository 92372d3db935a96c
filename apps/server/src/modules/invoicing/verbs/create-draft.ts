import type { CreateInvoiceBody } from '@fpy/contracts';
import { type Db, invoiceEvents, invoiceLines, invoices, tenants, users } from '@fpy/db';
import { InvoiceMethod } from '@fpy/domain';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../../../lib/errors.ts';
import { headerValues, lineValues } from '../form-rows.ts';
import { recompute } from '../recompute.ts';
import { eventValues } from '../transition.ts';
import { issuingTenant, type VerbCtx } from '../verb-ctx.ts';

type Invoice = typeof invoices.$inferSelect;
type Line = typeof invoiceLines.$inferSelect;
type Event = typeof invoiceEvents.$inferSelect;

/**
 * Saves a draft — or, with `submit`, the draft already handed on (draft → ready, or → pending_review for a
 * 预开 tenant) in the same transaction, both events written: one round of statements per accepted invoice,
 * which is what lets the API accept invoices at close to the rate of a bare insert. The caller enqueues the
 * issue job after the commit. A new invoice comes back with its lines and events, so the reply needs no re-read.
 *
 * Saving a draft. Idempotent on (tenant, clientSerial): INSERT … ON CONFLICT DO NOTHING, and when nothing was
 * inserted the first invoice is read back — under concurrency the loser's INSERT waits for the winner's commit
 * and then reads its row, so a serial never yields two invoices.
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
  const calc = recompute(input);
  const actor = ctx.actor!;
  const [[seller], [creator]] = await Promise.all([
    ctx.db.select().from(tenants).where(eq(tenants.id, tenantId)),
    ctx.db.select({ departmentId: users.departmentId }).from(users).where(eq(users.id, actor.userId)),
  ]);
  if (!seller) throw notFound('企业不存在');
  const status = !submit
    ? 'draft'
    : seller.invoiceMethod === InvoiceMethod.PreIssue
      ? 'pending_review'
      : 'ready';
  return ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .insert(invoices)
      .values({
        tenantId,
        clientSerial: input.clientSerial,
        colour: 'blue',
        sellerName: seller.name,
        sellerCreditCode: seller.creditCode,
        sellerAddress: seller.address,
        sellerPhone: seller.phone,
        sellerBank: seller.bank,
        sellerAccount: seller.account,
        ...headerValues(input, calc, actor.name),
        // The creator's department decides whose opener defaults and department filters apply.
        departmentId: creator?.departmentId ?? null,
        status,
        createdBy: actor.userId,
      })
      .onConflictDoNothing({ target: [invoices.tenantId, invoices.clientSerial] })
      .returning();
    if (!row) {
      const [first] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.tenantId, tenantId), eq(invoices.clientSerial, input.clientSerial)));
      return { invoice: first, created: false };
    }
    const events = [eventValues(ctx, row, null, 'draft', null)];
    if (status !== 'draft') events.push(eventValues(ctx, row, 'draft', status, null));
    const [lines, eventRows] = await Promise.all([
      tx
        .insert(invoiceLines)
        .values(lineValues(input, calc, row))
        .returning(),
      tx.insert(invoiceEvents).values(events).returning(),
    ]);
    return { invoice: row, created: true, lines, events: eventRows };
  });
}
