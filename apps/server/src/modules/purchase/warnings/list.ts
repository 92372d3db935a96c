import type { PurchaseWarningView, WarningKind } from '@fpy/contracts';
import { type Db, purchaseWarnings } from '@fpy/db';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { flaggedChecks } from '../checks/index.ts';
import type { DuplicateAttempt } from './log-attempt.ts';
import type { StateWarningDetail } from './on-state-change.ts';

const MAX_STORED = 5000;
/** A supplier with this many flagged invoices is a risk of its own (供应商风险). */
export const SUPPLIER_RISK_AT = 2;

type Row = typeof purchaseWarnings.$inferSelect;

function storedView(a: Row): PurchaseWarningView {
  if (a.kind === 'duplicate_reimbursement') {
    const d = a.detail as DuplicateAttempt;
    return {
      id: `duplicate_reimbursement:${a.id}`,
      kind: 'duplicate_reimbursement',
      invoiceKey: a.invoiceKey,
      number: d.number,
      code: d.code,
      sellerName: d.sellerName,
      totalFen: d.totalFen,
      actorName: a.actorName,
      at: a.createdAt.toISOString(),
      claimNo: d.claimNo,
      detail: `${d.heldBy} ${d.heldAt}`,
    };
  }
  const d = a.detail as StateWarningDetail;
  return {
    id: `${a.kind}:${a.invoiceKey}`,
    kind: a.kind as WarningKind,
    invoiceKey: a.invoiceKey,
    number: d.number,
    code: d.code,
    sellerName: d.sellerName,
    totalFen: d.totalFen,
    // Seen by the bureau's collection or a source, not a person: the console words it.
    actorName: a.actorName,
    at: a.createdAt.toISOString(),
    claimNo: null,
    detail: d.source,
  };
}

/**
 * Every warning of the company, newest first: received invoices that became abnormal, voided or red-lettered (lane
 * CORE's onReceivedStateChanged, stored), the same states seen by a 查验 of an invoice not (yet) received, suppliers
 * with several such invoices, and the logged second-reimbursement attempts.
 */
export async function listWarnings(
  db: Db,
  tenantId: number,
  kind?: WarningKind,
): Promise<PurchaseWarningView[]> {
  const conds: SQL[] = [eq(purchaseWarnings.tenantId, tenantId)];
  if (kind && kind !== 'supplier_risk') conds.push(eq(purchaseWarnings.kind, kind));
  const stored = await db
    .select()
    .from(purchaseWarnings)
    .where(and(...conds))
    .orderBy(desc(purchaseWarnings.id))
    .limit(MAX_STORED);
  const out: PurchaseWarningView[] = [];
  const seen = new Set<string>();
  for (const a of stored) {
    const v = storedView(a);
    if (seen.has(v.id)) continue;
    seen.add(v.id);
    out.push(v);
  }
  if (kind !== 'duplicate_reimbursement') {
    for (const f of await flaggedChecks(db, tenantId)) {
      const k: WarningKind =
        f.state === 'abnormal' ? 'abnormal' : f.state === 'voided' ? 'voided' : 'red_after_receipt';
      const id = `${k}:${f.invoiceKey}`;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({
        id,
        kind: k,
        invoiceKey: f.invoiceKey,
        number: f.number,
        code: f.code,
        sellerName: f.sellerName,
        totalFen: f.totalFen,
        actorName: f.checkedByName,
        at: f.at.toISOString(),
        claimNo: null,
        detail: null,
      });
    }
    const bySupplier = new Map<string, PurchaseWarningView[]>();
    for (const w of out)
      if (w.kind !== 'duplicate_reimbursement' && w.sellerName)
        bySupplier.set(w.sellerName, [...(bySupplier.get(w.sellerName) ?? []), w]);
    for (const [seller, list] of bySupplier) {
      const keys = [...new Set(list.map((w) => w.invoiceKey))];
      if (keys.length < SUPPLIER_RISK_AT) continue;
      out.push({
        id: `supplier_risk:${seller}`,
        kind: 'supplier_risk',
        invoiceKey: list[0].invoiceKey,
        number: list[0].number,
        code: list[0].code,
        sellerName: seller,
        totalFen: null,
        actorName: list[0].actorName,
        at: list[0].at,
        claimNo: null,
        detail: keys.join(', '),
      });
    }
  }
  const filtered = kind ? out.filter((w) => w.kind === kind) : out;
  return filtered.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}
