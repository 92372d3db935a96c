import { INVOICE_TYPE_RULES, type InvoiceType, type InvoiceTypeRules } from '@fpy/domain';
import type { TFunction } from 'i18next';

/**
 * An invoice type as the user reads it, in the console's language. The domain's `label` is the Chinese
 * name printed on the invoice face and in files; screens always go through the translation.
 */
export const invoiceTypeName = (t: TFunction, type: InvoiceType): string => t(`invoiceTypeName.${type}`);

/** Select options for the invoice types the rules keep (all by default), in the domain's order. */
export function invoiceTypeOptions(t: TFunction, keep: (rules: InvoiceTypeRules) => boolean = () => true) {
  return (Object.keys(INVOICE_TYPE_RULES) as InvoiceType[])
    .filter((type) => keep(INVOICE_TYPE_RULES[type]))
    .map((value) => ({ value, label: invoiceTypeName(t, value) }));
}
