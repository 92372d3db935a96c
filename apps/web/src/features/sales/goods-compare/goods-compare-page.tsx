import { skuMapMeta } from '@fpy/resources';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import { skuMapFields } from './commodity-picker.tsx';

/** Spec §2.12 /outputInvoiceManager/goodsCompare: ERP product name / SKU → the tenant's goods code. */
export default function GoodsComparePage() {
  return <ResourcePage meta={skuMapMeta} fields={skuMapFields} hiddenFilters={['commodityId']} />;
}
