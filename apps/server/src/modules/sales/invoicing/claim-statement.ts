import { type Db, invoiceLines, invoices, rowFromJson, runStatement, type Statement } from '@fpy/db';
import { eventValues } from './transition.ts';
import type { VerbCtx } from '../../../http/verb-ctx.ts';

type Invoice = typeof invoices.$inferSelect;
type Line = typeof invoiceLines.$inferSelect;

const claimStatement = (name: string, onlyBlue: boolean): Statement => ({
  name,
  text: `
WITH r AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(id int, tenant_id int)
), u AS (
  UPDATE invoices i SET status = 'issuing', issue_attempt = i.issue_attempt + 1, request_id = NULL, updated_at = now()
  FROM r WHERE i.id = r.id AND i.tenant_id = r.tenant_id AND i.status = 'ready'${onlyBlue ? ` AND i.colour = 'blue'` : ''}
  RETURNING i.*
), e AS (
  INSERT INTO invoice_events (tenant_id, invoice_id, from_status, to_status, actor_id, actor_name, ip, reason)
  SELECT tenant_id, id, 'ready', 'issuing', $2::int, $3::text, $4::text, NULL FROM u
)
SELECT to_jsonb(u) AS invoice,
  (SELECT jsonb_agg(to_jsonb(l) ORDER BY l.line_no) FROM invoice_lines l
    WHERE l.invoice_id = u.id AND l.tenant_id = u.tenant_id) AS lines
FROM u ORDER BY u.id`,
});

const CLAIM = claimStatement('invoice_claim_ready', false);
const CLAIM_BLUE = claimStatement('invoice_claim_ready_blue', true);

async function claim(db: Db, ctx: VerbCtx, refs: { tenantId: number; id: number }[], stmt: Statement) {
  if (!refs.length) return [];
  const ev = eventValues(ctx, refs[0], 'ready', 'issuing', null);
  const out = await runStatement<{
    invoice: Record<string, unknown>;
    lines: Record<string, unknown>[] | null;
  }>(db, stmt, [
    JSON.stringify(refs.map((r) => ({ id: r.id, tenant_id: r.tenantId }))),
    ev.actorId,
    ev.actorName,
    ev.ip,
  ]);
  return out.map((o): { invoice: Invoice; lines: Line[] } => ({
    invoice: rowFromJson(invoices, o.invoice),
    lines: (o.lines ?? []).map((l) => rowFromJson(invoiceLines, l)),
  }));
}

/**
 * ready → issuing (a new attempt, its audit row written) and the invoice's lines, in one statement: the issue
 * job's first step for every invoice. Null when the invoice was not ready — another worker took it, or it has
 * moved on; the caller then reads it and decides.
 */
export async function claimReady(db: Db, ctx: VerbCtx, ref: { tenantId: number; id: number }) {
  const [claimed] = await claim(db, ctx, [ref], CLAIM);
  return claimed ?? null;
}

/**
 * claimReady for many blue invoices at once (the batched issue job), oldest first. Red invoices and invoices
 * not in ready are not claimed; the caller takes them one by one.
 */
export const claimReadyBlue = (db: Db, ctx: VerbCtx, refs: { tenantId: number; id: number }[]) =>
  claim(db, ctx, refs, CLAIM_BLUE);
