import { type Db, invoiceEvents, invoices } from '@fpy/db';
import { canTransition, INVOICE_STATUS_LABELS, type InvoiceStatus } from '@fpy/domain';
import { and, eq } from 'drizzle-orm';
import { AppError, businessError } from '../../lib/errors.ts';
import type { VerbCtx } from './verb-ctx.ts';

type Invoice = typeof invoices.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The one way an invoice changes state: UPDATE … WHERE id AND tenant AND status = <from>, so of two workers
 * racing only one moves it; the loser gets INVOICE_STATE_CHANGED. The audit row is written in the same
 * transaction, so a change without its event (or an event without its change) cannot exist.
 */
export async function transition(
  tx: Tx | Db,
  ctx: VerbCtx,
  inv: Pick<Invoice, 'id' | 'tenantId'>,
  from: InvoiceStatus,
  to: InvoiceStatus,
  opts: { set?: Partial<typeof invoices.$inferInsert>; reason?: string | null } = {},
): Promise<Invoice> {
  if (!canTransition(from, to))
    throw businessError(
      'INVOICE_TRANSITION_INVALID',
      `发票状态不能从${INVOICE_STATUS_LABELS[from]}变为${INVOICE_STATUS_LABELS[to]}`,
    );
  const [row] = await tx
    .update(invoices)
    .set({ ...opts.set, status: to, updatedAt: new Date() })
    .where(and(eq(invoices.id, inv.id), eq(invoices.tenantId, inv.tenantId), eq(invoices.status, from)))
    .returning();
  if (!row)
    throw businessError(
      'INVOICE_STATE_CHANGED',
      `发票已不是${INVOICE_STATUS_LABELS[from]}状态，请刷新后重试`,
    );
  await recordEvent(tx, ctx, row, from, to, opts.reason ?? null);
  return row;
}

export async function recordEvent(
  tx: Tx | Db,
  ctx: VerbCtx,
  inv: Pick<Invoice, 'id' | 'tenantId'>,
  from: InvoiceStatus | null,
  to: InvoiceStatus,
  reason: string | null,
) {
  await tx.insert(invoiceEvents).values(eventValues(ctx, inv, from, to, reason));
}

/** The audit row of one change: who (null actor for background jobs), from where, why. */
export function eventValues(
  ctx: VerbCtx,
  inv: Pick<Invoice, 'id' | 'tenantId'>,
  from: InvoiceStatus | null,
  to: InvoiceStatus,
  reason: string | null,
): typeof invoiceEvents.$inferInsert {
  return {
    tenantId: inv.tenantId,
    invoiceId: inv.id,
    fromStatus: from,
    toStatus: to,
    actorId: ctx.actor?.userId ?? null,
    actorName: ctx.actor?.name ?? null,
    ip: ctx.ip,
    reason,
  };
}

/** The conditional UPDATE found the invoice in another state: someone else moved it first. */
export const isStateChanged = (err: unknown) =>
  err instanceof AppError && err.code === 'INVOICE_STATE_CHANGED';
