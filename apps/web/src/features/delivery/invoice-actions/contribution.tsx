import { lazy, Suspense } from 'react';
import i18n from 'i18next';
import type { InvoiceActionContribution } from '../../../entities/invoice/actions-slot.ts';
import { canDeliver } from './can-deliver.ts';

const DeliveryHistory = lazy(() =>
  import('./delivery-history.tsx').then((m) => ({ default: m.DeliveryHistory })),
);

/**
 * Delivery's part of the invoice pages (entities/invoice/actions-slot.ts), registered by app/: the buttons and
 * dialogs load with the first invoice page that shows them, not with the console.
 */
export const invoiceActions: InvoiceActionContribution = {
  key: 'delivery',
  Row: lazy(() => import('./row-action.tsx')),
  Bulk: lazy(() => import('./bulk-actions.tsx')),
  sections: (inv) =>
    canDeliver(inv)
      ? [
          {
            key: 'delivery',
            title: i18n.t('delivery.history'),
            content: (
              <Suspense fallback={null}>
                <DeliveryHistory invoiceId={inv.id} />
              </Suspense>
            ),
          },
        ]
      : [],
};
