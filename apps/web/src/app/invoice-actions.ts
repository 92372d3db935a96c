import {
  contributeInvoiceActions,
  type InvoiceActionContribution,
} from '../entities/invoice/actions-slot.ts';
import {
  contributeReceivedIntake,
  type ReceivedIntakeContribution,
} from '../entities/received-invoice/intake-slot.ts';

/**
 * Wires the areas' contributions into the invoice pages' slot (entities/invoice/actions-slot.ts): every
 * feature folder's `contribution.tsx` exporting `invoiceActions`. Only app/ may see every feature.
 */
const modules = import.meta.glob<{
  invoiceActions?: InvoiceActionContribution;
  receivedIntake?: ReceivedIntakeContribution;
}>('../features/*/*/contribution.tsx', { eager: true });
for (const key of Object.keys(modules).sort()) {
  const c = modules[key].invoiceActions;
  if (c) contributeInvoiceActions(c);
  // Issue 31: the intake's button on the received-invoice query page (entities/received-invoice/intake-slot.ts).
  const intake = modules[key].receivedIntake;
  if (intake) contributeReceivedIntake(intake);
}
