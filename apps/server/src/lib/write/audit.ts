import { resourceChanges } from '@fpy/db';
import type { Tx } from './transaction.ts';

/** What changed: the record (resource name + id, in the tenant or null for platform rows), the action, the values. */
export interface AuditEntry {
  tenantId: number | null;
  resource: string;
  recordId: number;
  action: string;
  changes: object;
}

/** Who acted and from where; a background job has no actor (its rows name nobody). */
export interface AuditCtx {
  actor: { userId: number; name: string } | null;
  ip: string | null;
}

/**
 * Writes the audit row(s) of a change into `resource_changes`, in the transaction `tx` that makes the change,
 * so a change without its audit row (or the reverse) cannot exist. A missing audit is a defect: every write
 * verb calls this inside its withTransaction. Several entries go in one statement.
 */
export async function emitAudit(tx: Tx, ctx: AuditCtx, entry: AuditEntry | readonly AuditEntry[]) {
  const entries = Array.isArray(entry) ? entry : [entry as AuditEntry];
  if (!entries.length) return;
  const who = { actorId: ctx.actor?.userId ?? null, actorName: ctx.actor?.name ?? null, ip: ctx.ip };
  await tx.insert(resourceChanges).values(entries.map((e) => ({ ...e, ...who })));
}
