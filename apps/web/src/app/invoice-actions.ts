import {
  contributeInvoiceActions,
  type InvoiceActionContribution,
} from '../entities/invoice/actions-slot.ts';

/**
 * Wires the areas' contributions into the invoice pages' slot (entities/invoice/actions-slot.ts): every
 * feature folder's `contribution.tsx` exporting `invoiceActions`. Only app/ may see every feature.
 */
const modules = import.meta.glob<{ invoiceActions?: InvoiceActionContribution }>(
  '../features/*/*/contribution.tsx',
  { eager: true },
);
for (const key of Object.keys(modules).sort()) {
  const c = modules[key].invoiceActions;
  if (c) contributeInvoiceActions(c);
}
