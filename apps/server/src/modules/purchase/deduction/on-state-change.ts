import { deductionSelections } from '@fpy/db';
import { and, eq, inArray } from 'drizzle-orm';
import { emitAudit, type Tx } from '../../../lib/write/index.ts';
import { onReceivedStateChanged, type ReceivedStateChange } from '../received-invoices/index.ts';
import { AUDIT_SELECTION } from './bureau-task.ts';
import { HOLDING } from './selectable.ts';

const FLAGGED = ['red', 'voided', 'abnormal'];

/**
 * A selected invoice turned red-lettered, voided or abnormal (lane CORE's hook, inside the transaction recording
 * it): its selection is flagged (进项转出 needed), audited, committed with the change. The warning itself is the
 * warnings module's (it hears the same change); the deduction pages show the flag and its count.
 */
export async function flagSelection(tx: Tx, change: ReceivedStateChange) {
  if (!FLAGGED.includes(change.toState)) return;
  const rows = await tx
    .update(deductionSelections)
    .set({ flag: change.toState, flaggedAt: change.happenedAt ?? new Date() })
    .where(
      and(
        eq(deductionSelections.tenantId, change.tenantId),
        eq(deductionSelections.receivedInvoiceId, change.receivedInvoiceId),
        inArray(deductionSelections.state, HOLDING),
      ),
    )
    .returning({ id: deductionSelections.id, period: deductionSelections.period });
  for (const r of rows)
    await emitAudit(
      tx,
      { actor: null, ip: null },
      {
        tenantId: change.tenantId,
        resource: AUDIT_SELECTION,
        recordId: r.id,
        action: 'flag',
        changes: { invoice: change.invoiceKey, period: r.period, flag: change.toState },
      },
    );
}

let registered = false;
/** Once per process (tests build several apps in one process). */
export function listenToStateChanges() {
  if (registered) return;
  registered = true;
  onReceivedStateChanged(flagSelection);
}
