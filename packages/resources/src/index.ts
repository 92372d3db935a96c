// Pure metadata and contracts only: the web imports this entry, so nothing here may reach a database driver.
export * from './define.ts';
export * from './messages.ts';
export * from './schema-info.ts';
export * from './query.ts';
export * from './schemas.ts';
export * from './contracts.ts';
export * from './dict-options.ts';
export * from './locale.ts';
export { positionsMeta } from './defs/platform/positions.ts';
export { dictTypesMeta } from './defs/platform/dict-types.ts';
export { dictItemsMeta } from './defs/platform/dict-items.ts';
export { gateLogsMeta } from './defs/platform/gate-logs.ts';
export { sandboxMessagesMeta } from './defs/platform/sandbox-messages.ts';
export { customersMeta } from './defs/sales/customers.ts';
export { skuMapMeta } from './defs/sales/sku-map.ts';
export { codeRulesMeta } from './defs/purchase/code-rules.ts';
export { smsRechargesMeta } from './defs/delivery/sms-recharges.ts';
export { smsControlsMeta, smsWhiteMeta } from './defs/delivery/sms-controls.ts';
export { smsLimitsMeta } from './defs/delivery/sms-limits.ts';
export { platformTemplatesMeta } from './defs/delivery/platform-templates.ts';
export {
  DELIVERY_STATUS_OPTIONS,
  emailReceiptsMeta,
  emailRecordsMeta,
  RECEIPT_KIND_VALUES,
  smsReceiptsMeta,
  smsRecordsMeta,
} from './defs/delivery/delivery-records.ts';
export { invoiceCategoriesMeta } from './defs/delivery/invoice-categories.ts';
export { tenantTemplatesMeta } from './defs/delivery/tenant-templates.ts';
export {
  allEleCodeBoardsMeta,
  businessCodeBoardsMeta,
  codeBoardControlsMeta,
  codeBoardQueryMeta,
  codeBoardsMeta,
} from './defs/self-service/code-boards.ts';
export { agentCodesMeta } from './defs/self-service/agent-codes.ts';
export * from './defs/open-platform/index.ts';

import { customersMeta } from './defs/sales/customers.ts';
import { dictItemsMeta } from './defs/platform/dict-items.ts';
import { dictTypesMeta } from './defs/platform/dict-types.ts';
import { gateLogsMeta } from './defs/platform/gate-logs.ts';
import { sandboxMessagesMeta } from './defs/platform/sandbox-messages.ts';
import { positionsMeta } from './defs/platform/positions.ts';
import { skuMapMeta } from './defs/sales/sku-map.ts';
import { codeRulesMeta } from './defs/purchase/code-rules.ts';
import { smsRechargesMeta } from './defs/delivery/sms-recharges.ts';
import { smsControlsMeta, smsWhiteMeta } from './defs/delivery/sms-controls.ts';
import { smsLimitsMeta } from './defs/delivery/sms-limits.ts';
import { platformTemplatesMeta } from './defs/delivery/platform-templates.ts';
import {
  emailReceiptsMeta,
  emailRecordsMeta,
  smsReceiptsMeta,
  smsRecordsMeta,
} from './defs/delivery/delivery-records.ts';
import { invoiceCategoriesMeta } from './defs/delivery/invoice-categories.ts';
import { tenantTemplatesMeta } from './defs/delivery/tenant-templates.ts';
import {
  allEleCodeBoardsMeta,
  businessCodeBoardsMeta,
  codeBoardControlsMeta,
  codeBoardQueryMeta,
  codeBoardsMeta,
} from './defs/self-service/code-boards.ts';
import { agentCodesMeta } from './defs/self-service/agent-codes.ts';
import { openPlatformMetas } from './defs/open-platform/index.ts';

/** Every declared resource; the resource conformance tests walk this list. */
export const resourceMetas = [
  positionsMeta,
  dictTypesMeta,
  dictItemsMeta,
  gateLogsMeta,
  sandboxMessagesMeta,
  customersMeta,
  skuMapMeta,
  codeRulesMeta,
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
  codeBoardsMeta,
  allEleCodeBoardsMeta,
  businessCodeBoardsMeta,
  codeBoardControlsMeta,
  codeBoardQueryMeta,
  agentCodesMeta,
  ...openPlatformMetas,
] as const;
