import { INVOICE_TYPE_RULES, type InvoiceType, type InvoiceTypeRules } from '@fpy/domain';
import type { TFunction } from 'i18next';

/**
 * An invoice type as the user reads it, in the console's language. Chinese is the domain's `label`, declared
 * once there, so only the other languages carry an `invoiceTypeName` table. (The face prints its own title,
 * which is not unique: a 数电 paper 专票 and a legacy one are both 增值税专用发票.)
 */
export const invoiceTypeName = (t: TFunction, type: InvoiceType): string =>
  t(`invoiceTypeName.${type}`, { defaultValue: INVOICE_TYPE_RULES[type].label });

/** Select options for the invoice types the rules keep (all by default), in the domain's order. */
export function invoiceTypeOptions(t: TFunction, keep: (rules: InvoiceTypeRules) => boolean = () => true) {
  return (Object.keys(INVOICE_TYPE_RULES) as InvoiceType[])
    .filter((type) => keep(INVOICE_TYPE_RULES[type]))
    .map((value) => ({ value, label: invoiceTypeName(t, value) }));
}
