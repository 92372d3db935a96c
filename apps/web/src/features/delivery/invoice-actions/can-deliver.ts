import type { ActionableInvoice } from '../../../entities/invoice/actions-slot.ts';

/** Issued invoices with a number reach their buyers (a reversed one too, when someone asks for it). */
const DELIVERABLE = ['issued', 'partly_red', 'red'];
export const canDeliver = (inv: ActionableInvoice) => DELIVERABLE.includes(inv.status) && !!inv.number;
