import { type Db, receivedSyncCursors, tenants } from '@fpy/db';
import { and, eq, ne } from 'drizzle-orm';
import type { CollectedInvoice, TaxGateway } from '../../../gateways/tax-bureau/gateway.ts';
import { type AuditCtx, emitAudit, withTransaction } from '../../../lib/write/index.ts';
import { recordReceived } from './record.ts';

export const RECEIVED_SYNC_TASK = 'purchase.received-sync';
export const RECEIVED_SYNC_INTERVAL_MS = 10 * 60_000;

export interface SyncOutcome {
  tenantId: number;
  buyerTaxNumber: string;
  seen: number;
  created: number;
  changed: number;
  cursor: string | null;
}

/** The bureau's invoice as the received row's fields: its state and when it last changed. */
export function fieldsOfCollected(inv: CollectedInvoice) {
  return {
    code: inv.code,
    number: inv.number,
    buyerTaxNumber: inv.buyerTaxNumber,
    buyerName: inv.buyerName,
    sellerName: inv.sellerName,
    sellerTaxNumber: inv.sellerCreditCode,
    type: inv.type,
    colour: inv.colour,
    issueDate: inv.issueDate,
    amountFen: inv.amountFen,
    taxFen: inv.taxFen,
    totalFen: inv.totalFen,
    lines: inv.lines,
    blueNumber: inv.blueNumber,
    state: inv.state,
    stateChangedAt: inv.changes.at(-1)?.at ?? null,
  };
}

/**
 * 归集 for one tenant: asks the bureau (outside any transaction) for what was issued to the tenant's tax number or
 * changed since the stored cursor, then records each invoice and moves the cursor in one transaction. Idempotent:
 * an invoice is one row however often it is seen, and seeing it unchanged writes nothing. Only invoices addressed
 * to the tenant's own tax number are recorded.
 */
export async function syncTenant(
  db: Db,
  gateway: TaxGateway,
  tenantId: number,
  audit: AuditCtx = { actor: null, ip: null },
): Promise<SyncOutcome> {
  const [tenant] = await db
    .select({ creditCode: tenants.creditCode })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  const buyerTaxNumber = tenant?.creditCode.trim() ?? '';
  const outcome: SyncOutcome = { tenantId, buyerTaxNumber, seen: 0, created: 0, changed: 0, cursor: null };
  if (!buyerTaxNumber) return outcome;
  const [pos] = await db
    .select()
    .from(receivedSyncCursors)
    .where(
      and(eq(receivedSyncCursors.tenantId, tenantId), eq(receivedSyncCursors.buyerTaxNumber, buyerTaxNumber)),
    );
  const answer = await gateway.collectReceived({ tenantId, buyerTaxNumber, since: pos?.cursor ?? null });
  const mine = answer.invoices.filter((i) => i.buyerTaxNumber === buyerTaxNumber);
  await withTransaction({ db }, async (tx) => {
    for (const inv of mine) {
      const r = await recordReceived(tx, { tenantId, fields: fieldsOfCollected(inv), source: 'sync', audit });
      outcome.seen++;
      if (r.created) outcome.created++;
      else if (r.changed) outcome.changed++;
    }
    const cursor = answer.cursor ?? pos?.cursor ?? null;
    outcome.cursor = cursor;
    const stats = { lastSeen: outcome.seen, lastCreated: outcome.created, lastChanged: outcome.changed };
    // A user's 立即同步 is audited as such; the schedule's runs leave the rows' own audits only.
    if (audit.actor)
      await emitAudit(tx, audit, {
        tenantId,
        resource: 'receivedInvoiceSync',
        recordId: tenantId,
        action: 'sync',
        changes: { buyerTaxNumber, ...stats },
      });
    await tx
      .insert(receivedSyncCursors)
      .values({ tenantId, buyerTaxNumber, cursor, lastRunAt: new Date(), ...stats })
      .onConflictDoUpdate({
        target: [receivedSyncCursors.tenantId, receivedSyncCursors.buyerTaxNumber],
        set: { cursor, lastRunAt: new Date(), ...stats },
      });
  });
  return outcome;
}

/** The scheduled sync: every tenant with a tax number, one after the other; one failing tenant does not stop the rest. */
export async function syncAllTenants(
  db: Db,
  gatewayFor: (db: Db) => TaxGateway,
  onError: (tenantId: number, err: unknown) => void = () => {},
): Promise<SyncOutcome[]> {
  const rows = await db.select({ id: tenants.id }).from(tenants).where(ne(tenants.creditCode, ''));
  const out: SyncOutcome[] = [];
  for (const t of rows) {
    try {
      out.push(await syncTenant(db, gatewayFor(db), t.id));
    } catch (err) {
      onError(t.id, err);
    }
  }
  return out;
}
