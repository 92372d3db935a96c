import { lazy } from 'react';
import type { ReceivedIntakeContribution } from '../../../entities/received-invoice/intake-slot.ts';

/**
 * The intake's part of 发票查询 (invoiceQuery; entities/received-invoice/intake-slot.ts), registered by app/: the
 * 收录发票 button, behind the upload or manual-entry code; the dialog loads when it is first opened.
 */
export const receivedIntake: ReceivedIntakeContribution = {
  key: 'purchase-intake',
  Toolbar: lazy(() => import('./intake-button.tsx')),
};
