import { invoiceStatusText } from '@fpy/contracts';
import {
  columnNames,
  type Db,
  invoiceEvents,
  invoices,
  rowFromJson,
  rowToJson,
  runStatement,
  type Statement,
} from '@fpy/db';
import { canTransition, type InvoiceStatus } from '@fpy/domain';
import { AppError, businessError } from '../../../lib/errors.ts';
import type { VerbCtx } from '../../../http/verb-ctx.ts';
import { runMovedHooks } from './hooks.ts';

type Invoice = typeof invoices.$inferSelect;

/**
 * The one way an invoice changes state: UPDATE … WHERE id AND tenant AND status = <from>, so of two workers
 * racing only one moves it; the loser gets INVOICE_STATE_CHANGED. The audit row is written in the same
 * transaction, so a change without its event (or an event without its change) cannot exist.
 */
export async function transition(
  tx: Db,
  ctx: VerbCtx,
  inv: Pick<Invoice, 'id' | 'tenantId'>,
  from: InvoiceStatus,
  to: InvoiceStatus,
  opts: { set?: Partial<typeof invoices.$inferInsert>; reason?: string | null } = {},
): Promise<Invoice> {
  if (!canTransition(from, to))
    throw businessError('INVOICE_TRANSITION_INVALID', {
      from: invoiceStatusText(from),
      to: invoiceStatusText(to),
    });
  const row = await moveStatus(tx, ctx, inv, from, to, opts.set ?? {}, opts.reason ?? null);
  if (!row) throw businessError('INVOICE_STATE_CHANGED', { from: invoiceStatusText(from) });
  await runMovedHooks(tx, ctx, [{ id: row.id, tenantId: row.tenantId, from, to, colour: row.colour }]);
  return row;
}

const moveStatements = new Map<string, Statement>();

/**
 * The conditional UPDATE and its audit row as one hand-written statement (one round trip, no query building:
 * the issue pipeline runs this for every invoice twice). Null when the invoice was not in `from`.
 */
async function moveStatus(
  db: Db,
  ctx: VerbCtx,
  inv: Pick<Invoice, 'id' | 'tenantId'>,
  from: InvoiceStatus,
  to: InvoiceStatus,
  set: Partial<typeof invoices.$inferInsert>,
  reason: string | null,
): Promise<Invoice | null> {
  const keys = Object.keys(set).filter(
    (k) => k !== 'status' && k !== 'updatedAt' && set[k as keyof typeof set] !== undefined,
  );
  const sig = keys.join(',');
  let stmt = moveStatements.get(sig);
  if (!stmt) {
    const cols = columnNames(invoices, keys);
    stmt = {
      name: `invoice_move_${moveStatements.size + 1}`,
      text: `
WITH u AS (
  UPDATE invoices i SET status = $4, updated_at = now()${cols.map((c) => `, ${c} = r.${c}`).join('')}
  FROM jsonb_populate_record(NULL::invoices, $5::jsonb) r
  WHERE i.id = $1 AND i.tenant_id = $2 AND i.status = $3
  RETURNING i.*
), e AS (
  INSERT INTO invoice_events (tenant_id, invoice_id, from_status, to_status, actor_id, actor_name, ip, reason)
  SELECT tenant_id, id, $3, $4, $6::int, $7::text, $8::text, $9::text FROM u
)
SELECT to_jsonb(u) AS invoice FROM u`,
    };
    moveStatements.set(sig, stmt);
  }
  const ev = eventValues(ctx, inv, from, to, reason);
  const [out] = await runStatement<{ invoice: Record<string, unknown> }>(db, stmt, [
    inv.id,
    inv.tenantId,
    from,
    to,
    JSON.stringify(rowToJson(invoices, set)),
    ev.actorId,
    ev.actorName,
    ev.ip,
    ev.reason,
  ]);
  return out ? rowFromJson(invoices, out.invoice) : null;
}

export async function recordEvent(
  tx: Db,
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

/**
 * A line in an invoice's history written for someone outside the console (a buyer through a public link): no
 * user id, a name saying who, the caller's IP. The status stays as it is. The history is this module's table,
 * so other modules record such lines through here (issue 29 §4: one writer per table).
 */
export async function recordOutsideEvent(
  tx: Db,
  who: { name: string; ip: string | null },
  inv: Pick<Invoice, 'id' | 'tenantId'> & { status: string },
  reason: string,
) {
  const status = inv.status as InvoiceStatus;
  await tx.insert(invoiceEvents).values({
    tenantId: inv.tenantId,
    invoiceId: inv.id,
    fromStatus: status,
    toStatus: status,
    actorName: who.name,
    ip: who.ip,
    reason,
  });
}

/** The conditional UPDATE found the invoice in another state: someone else moved it first. */
export const isStateChanged = (err: unknown) =>
  err instanceof AppError && err.code === 'INVOICE_STATE_CHANGED';
