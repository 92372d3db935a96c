import { purchaseWarnings } from '@fpy/db';
import { emitAudit, type Tx } from '../../../lib/write/index.ts';
import { getReceived, onReceivedStateChanged, type ReceivedStateChange } from '../received-invoices/index.ts';

const KIND_OF_STATE: Record<string, 'abnormal' | 'voided' | 'red_after_receipt'> = {
  abnormal: 'abnormal',
  voided: 'voided',
  red: 'red_after_receipt',
};

/** What a state-change warning keeps besides the invoice key. */
export interface StateWarningDetail {
  number: string;
  code: string | null;
  sellerName: string;
  totalFen: number;
  fromState: string | null;
  toState: string;
  source: string;
  receivedInvoiceId: number;
}

/**
 * A received invoice became abnormal, voided or red-lettered (lane CORE's hook, inside its transaction): one warning
 * row with its audit, committed or rolled back with the change.
 */
export async function warnOnStateChange(tx: Tx, change: ReceivedStateChange) {
  const kind = KIND_OF_STATE[change.toState];
  if (!kind) return;
  const inv = await getReceived(tx, change.tenantId, change.receivedInvoiceId);
  if (!inv) return;
  const detail: StateWarningDetail = {
    number: inv.number,
    code: inv.code,
    sellerName: inv.sellerName,
    totalFen: inv.totalFen,
    fromState: change.fromState,
    toState: change.toState,
    source: change.source,
    receivedInvoiceId: inv.id,
  };
  const [row] = await tx
    .insert(purchaseWarnings)
    .values({
      tenantId: change.tenantId,
      kind,
      invoiceKey: change.invoiceKey,
      detail,
      actorId: null,
      actorName: '',
    })
    .returning({ id: purchaseWarnings.id });
  await emitAudit(
    tx,
    { actor: null, ip: null },
    {
      tenantId: change.tenantId,
      resource: 'purchaseWarning',
      recordId: row.id,
      action: kind,
      changes: { invoiceKey: change.invoiceKey, fromState: change.fromState, toState: change.toState },
    },
  );
}

let registered = false;
/** Once per process: the hook set is module-wide, and several apps (tests, a fleet) share one process. */
export function listenToStateChanges() {
  if (registered) return;
  registered = true;
  onReceivedStateChanged(warnOnStateChange);
}
