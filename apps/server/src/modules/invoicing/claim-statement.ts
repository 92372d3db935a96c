import { type Db, invoiceLines, invoices, rowFromJson, runStatement } from '@fpy/db';
import { eventValues } from './transition.ts';
import type { VerbCtx } from './verb-ctx.ts';

type Invoice = typeof invoices.$inferSelect;
type Line = typeof invoiceLines.$inferSelect;

const CLAIM = {
  name: 'invoice_claim_ready',
  text: `
WITH u AS (
  UPDATE invoices SET status = 'issuing', issue_attempt = issue_attempt + 1, request_id = NULL, updated_at = now()
  WHERE id = $1 AND tenant_id = $2 AND status = 'ready'
  RETURNING *
), e AS (
  INSERT INTO invoice_events (tenant_id, invoice_id, from_status, to_status, actor_id, actor_name, ip, reason)
  SELECT tenant_id, id, 'ready', 'issuing', $3::int, $4::text, $5::text, NULL FROM u
)
SELECT to_jsonb(u) AS invoice,
  (SELECT jsonb_agg(to_jsonb(l) ORDER BY l.line_no) FROM invoice_lines l
    WHERE l.invoice_id = u.id AND l.tenant_id = u.tenant_id) AS lines
FROM u`,
};

/**
 * ready → issuing (a new attempt, its audit row written) and the invoice's lines, in one statement: the issue
 * job's first step for every invoice. Null when the invoice was not ready — another worker took it, or it has
 * moved on; the caller then reads it and decides.
 */
export async function claimReady(
  db: Db,
  ctx: VerbCtx,
  ref: { tenantId: number; id: number },
): Promise<{ invoice: Invoice; lines: Line[] } | null> {
  const ev = eventValues(ctx, ref, 'ready', 'issuing', null);
  const [out] = await runStatement<{
    invoice: Record<string, unknown>;
    lines: Record<string, unknown>[] | null;
  }>(db, CLAIM, [ref.id, ref.tenantId, ev.actorId, ev.actorName, ev.ip]);
  if (!out) return null;
  return {
    invoice: rowFromJson(invoices, out.invoice),
    lines: (out.lines ?? []).map((l) => rowFromJson(invoiceLines, l)),
  };
}
