import { Fragment, Suspense } from 'react';
import { type ActionableInvoice, invoiceActionContributions } from './actions-slot.ts';

/** Every area's buttons for one invoice (lazy components: their code loads with the first invoice page). */
export function ContributedRowActions({ inv }: { inv: ActionableInvoice }) {
  return (
    <>
      {invoiceActionContributions().map(({ key, Row }) =>
        Row ? (
          <Suspense key={key} fallback={null}>
            <Row inv={inv} />
          </Suspense>
        ) : (
          <Fragment key={key} />
        ),
      )}
    </>
  );
}

/** Every area's toolbar buttons over the ticked invoices. */
export function ContributedBulkActions({ ids }: { ids: number[] }) {
  return (
    <>
      {invoiceActionContributions().map(({ key, Bulk }) =>
        Bulk ? (
          <Suspense key={key} fallback={null}>
            <Bulk ids={ids} />
          </Suspense>
        ) : (
          <Fragment key={key} />
        ),
      )}
    </>
  );
}

/** The detail drawer's contributed sections. */
export const contributedSections = (inv: ActionableInvoice) =>
  invoiceActionContributions().flatMap((c) => c.sections?.(inv) ?? []);
