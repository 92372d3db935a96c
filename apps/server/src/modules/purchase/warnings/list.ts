import type { PurchaseWarningView, WarningKind } from '@fpy/contracts';
import { type Db, purchaseWarnings } from '@fpy/db';
import { and, desc, eq } from 'drizzle-orm';
import { flaggedChecks } from '../checks/index.ts';
import type { DuplicateAttempt } from './log-attempt.ts';

const MAX_ATTEMPTS = 2000;
/** A supplier with this many flagged invoices is a risk of its own (供应商风险). */
export const SUPPLIER_RISK_AT = 2;

/**
 * Every warning of the company, newest first: the bureau states its checks saw (异常 / 作废 / 红冲 after receipt),
 * suppliers with several such invoices, and the logged second-reimbursement attempts. Received-invoice state changes
 * of lane CORE (onReceivedStateChanged) and deduction flags of lane DEDUCT join here when their faces land.
 */
export async function listWarnings(
  db: Db,
  tenantId: number,
  kind?: WarningKind,
): Promise<PurchaseWarningView[]> {
  const out: PurchaseWarningView[] = [];
  if (kind !== 'duplicate_reimbursement') {
    const flagged = await flaggedChecks(db, tenantId);
    const bySupplier = new Map<string, typeof flagged>();
    for (const f of flagged) {
      const k: WarningKind =
        f.state === 'abnormal' ? 'abnormal' : f.state === 'voided' ? 'voided' : 'red_after_receipt';
      out.push({
        id: `${k}:${f.invoiceKey}`,
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
      if (f.sellerName) bySupplier.set(f.sellerName, [...(bySupplier.get(f.sellerName) ?? []), f]);
    }
    for (const [seller, list] of bySupplier) {
      if (list.length < SUPPLIER_RISK_AT) continue;
      out.push({
        id: `supplier_risk:${seller}`,
        kind: 'supplier_risk',
        invoiceKey: list[0].invoiceKey,
        number: list[0].number,
        code: list[0].code,
        sellerName: seller,
        totalFen: null,
        actorName: list[0].checkedByName,
        at: list[0].at.toISOString(),
        claimNo: null,
        detail: list.map((f) => f.number).join(', '),
      });
    }
  }
  if (!kind || kind === 'duplicate_reimbursement') {
    const attempts = await db
      .select()
      .from(purchaseWarnings)
      .where(
        and(eq(purchaseWarnings.tenantId, tenantId), eq(purchaseWarnings.kind, 'duplicate_reimbursement')),
      )
      .orderBy(desc(purchaseWarnings.id))
      .limit(MAX_ATTEMPTS);
    for (const a of attempts) {
      const d = a.detail as DuplicateAttempt;
      out.push({
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
      });
    }
  }
  const filtered = kind ? out.filter((w) => w.kind === kind) : out;
  return filtered.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}
