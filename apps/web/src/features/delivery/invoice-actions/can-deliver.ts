import { isIssuedStatus } from '@fpy/domain';
import type { ActionableInvoice } from '../../../entities/invoice/actions-slot.ts';

/** Issued invoices with a number reach their buyers (a reversed one too, when someone asks for it). */
export const canDeliver = (inv: ActionableInvoice) => isIssuedStatus(inv.status) && !!inv.number;
