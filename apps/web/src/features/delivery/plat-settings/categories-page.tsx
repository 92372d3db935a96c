import { invoiceCategoriesMeta } from '@fpy/resources';
import { ResourcePage } from '../../../crud/resource-page.tsx';

/** Spec §2.12 /invoicePlat/invoiceClassify: the company's invoice categories, a declared resource. */
export default function CategoriesPage() {
  return <ResourcePage meta={invoiceCategoriesMeta} />;
}
