import type { InvoiceStatus, InvoiceType } from '@fpy/domain';
import type { ComponentType, ReactNode } from 'react';

/** What an action needs to know of an invoice, from a list row or the detail. */
export interface ActionableInvoice {
  id: number;
  type: InvoiceType;
  status: InvoiceStatus;
  number: string | null;
  issuedAt: string | null;
  colour?: 'blue' | 'red';
}

/**
 * What another area adds to the invoice pages (delivery today; ERP push and receipts next). A feature may not
 * import another, so the area declares its contribution in its own folder and app/ registers it here; the
 * invoice pages only read the slot. Each component renders its own buttons (behind their codes) and dialogs.
 */
export interface InvoiceActionContribution {
  /** Unique per area: a second registration under the same key is ignored (hot reload, tests). */
  key: string;
  /** Link buttons of one invoice: a list row's action column and the detail drawer's header. */
  Row?: ComponentType<{ inv: ActionableInvoice }>;
  /** Toolbar buttons over the ticked invoices of a list. */
  Bulk?: ComponentType<{ ids: number[] }>;
  /** Sections below the detail drawer's files (the delivery history), each with its title. */
  sections?: (inv: ActionableInvoice) => { key: string; title: string; content: ReactNode }[];
}

const slot: InvoiceActionContribution[] = [];

export function contributeInvoiceActions(c: InvoiceActionContribution): void {
  if (!slot.some((s) => s.key === c.key)) slot.push(c);
}

/** The contributions in registration order (app/ registers them before any console page renders). */
export const invoiceActionContributions = (): readonly InvoiceActionContribution[] => slot;
