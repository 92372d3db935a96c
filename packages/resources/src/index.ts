// Pure metadata and contracts only: the web imports this entry, so nothing here may reach a database driver.
export * from './define.ts';
export * from './messages.ts';
export * from './schema-info.ts';
export * from './query.ts';
export * from './schemas.ts';
export * from './contracts.ts';
export * from './dict-options.ts';
export * from './locale.ts';
export { positionsMeta } from './defs/positions.ts';
export { dictTypesMeta } from './defs/dict-types.ts';
export { dictItemsMeta } from './defs/dict-items.ts';
export { gateLogsMeta } from './defs/gate-logs.ts';
export { outboxMeta } from './defs/outbox.ts';
export { customersMeta } from './defs/customers.ts';
export { skuMapMeta } from './defs/sku-map.ts';
export { smsRechargesMeta } from './defs/sms-recharges.ts';
export { smsControlsMeta, smsWhiteMeta } from './defs/sms-controls.ts';
export { smsLimitsMeta } from './defs/sms-limits.ts';
export { platformTemplatesMeta } from './defs/platform-templates.ts';
export {
  DELIVERY_STATUS_OPTIONS,
  emailReceiptsMeta,
  emailRecordsMeta,
  RECEIPT_KIND_VALUES,
  smsReceiptsMeta,
  smsRecordsMeta,
} from './defs/delivery-records.ts';
export { invoiceCategoriesMeta } from './defs/invoice-categories.ts';
export { tenantTemplatesMeta } from './defs/tenant-templates.ts';

import { customersMeta } from './defs/customers.ts';
import { dictItemsMeta } from './defs/dict-items.ts';
import { dictTypesMeta } from './defs/dict-types.ts';
import { gateLogsMeta } from './defs/gate-logs.ts';
import { outboxMeta } from './defs/outbox.ts';
import { positionsMeta } from './defs/positions.ts';
import { skuMapMeta } from './defs/sku-map.ts';
import { smsRechargesMeta } from './defs/sms-recharges.ts';
import { smsControlsMeta, smsWhiteMeta } from './defs/sms-controls.ts';
import { smsLimitsMeta } from './defs/sms-limits.ts';
import { platformTemplatesMeta } from './defs/platform-templates.ts';
import {
  emailReceiptsMeta,
  emailRecordsMeta,
  smsReceiptsMeta,
  smsRecordsMeta,
} from './defs/delivery-records.ts';
import { invoiceCategoriesMeta } from './defs/invoice-categories.ts';
import { tenantTemplatesMeta } from './defs/tenant-templates.ts';

/** Every declared resource; the resource conformance tests walk this list. */
export const resourceMetas = [
  positionsMeta,
  dictTypesMeta,
  dictItemsMeta,
  gateLogsMeta,
  outboxMeta,
  customersMeta,
  skuMapMeta,
  smsRechargesMeta,
  smsControlsMeta,
  smsWhiteMeta,
  smsLimitsMeta,
  platformTemplatesMeta,
  smsRecordsMeta,
  emailRecordsMeta,
  smsReceiptsMeta,
  emailReceiptsMeta,
  invoiceCategoriesMeta,
  tenantTemplatesMeta,
] as const;
