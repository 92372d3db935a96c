import { customersMeta } from '@fpy/resources';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import { customerCells, customerFields } from './customer-fields.tsx';

/** Spec §2.12 /outputInvoiceManager/myCustomer: the buyer titles the issuing form fills from. */
export default function CustomersPage() {
  return <ResourcePage meta={customersMeta} cells={customerCells} fields={customerFields} />;
}
