import type { Violation, ViolationCode } from '@fpy/domain';
import { LocalText } from './text.ts';

/**
 * English for the tax engine's violations (packages/domain writes them in Chinese with the figures filled in).
 * The English names the rule and the line, not every figure: the Chinese text stays the reference.
 */
export const VIOLATIONS_EN: Readonly<Record<ViolationCode, string>> = {
  invoice_type_invalid: 'The invoice type is not valid',
  buyer_name_required: 'The buyer name is required',
  buyer_name_too_long: 'The buyer name is too long',
  buyer_tax_number_required: "This invoice type needs the buyer's taxpayer ID",
  buyer_tax_number_invalid: "The buyer's taxpayer ID is malformed (15, 17, 18 or 20 characters)",
  buyer_tax_number_checksum: "The check digit of the buyer's credit code does not match; please check it",
  natural_person_not_allowed: 'The buyer of this invoice type cannot be a natural person',
  buyer_address_bank_required: "This invoice type needs the buyer's address, phone, bank and account",
  no_lines: 'An invoice needs at least one line',
  too_many_lines: 'Too many lines (discount lines included)',
  line_name_required: 'The item name is required',
  line_field_too_long: 'A field of this line is too long',
  tax_code_invalid: 'The tax classification code must be 19 digits',
  rate_invalid: 'The tax rate or preferential policy is not valid',
  rate_policy_mismatch: 'The tax rate does not match the preferential policy',
  rate_not_allowed:
    'The tax classification code does not allow this rate; use one of its rates, or a levy or preferential rate with its policy flag',
  quantity_invalid: 'The quantity is not a valid number',
  unit_price_invalid: 'The unit price is not a valid number',
  amount_invalid: 'An amount must be a whole number of fen',
  amount_undetermined: 'Give the amount, or both quantity and unit price',
  quantity_price_mismatch: 'Quantity × unit price differs from the amount by more than 0.01 yuan',
  line_tax_tolerance: 'The tax of this line differs from amount × rate by more than allowed',
  zero_rate_tax: 'At a 0% rate the tax must be 0',
  invoice_tax_tolerance: 'The total tax differs from the calculation by more than allowed',
  line_amount_zero: 'The amount of a blue invoice line cannot be zero',
  line_amount_sign: 'The sign of the amount is wrong for this invoice colour',
  quantity_sign: 'The sign of the quantity is wrong for this invoice colour',
  unit_price_sign: 'The unit price cannot be negative',
  amount_too_many_digits: 'The integer part of an amount cannot exceed 12 digits',
  total_sign: 'The sign of the total is wrong for this invoice colour',
  invoice_limit_exceeded: 'The total exceeds the limit of a single invoice',
  red_only_normal_lines: 'A red invoice can only hold normal lines, no discount or discounted lines',
  discount_first_line: 'The first line cannot be a discount line',
  discount_adjacent: 'A discount line cannot follow another discount line',
  discount_without_discounted:
    'A discount line must directly follow the line it discounts, marked as discounted',
  discounted_without_discount: 'A discounted line must be directly followed by its discount line',
  discount_name_mismatch: 'A discount line must have the item name of the line it discounts',
  discount_rate_mismatch: 'A discount line must have the rate of the line it discounts',
  discount_tax_code_mismatch: 'A discount line must have the tax code of the line it discounts',
  discount_exceeds_discounted: 'The discount cannot exceed the amount of the line it discounts',
  discount_amount_sign: 'The amount of a discount line must be negative',
  discount_quantity_sign: 'The quantity of a discount line, when given, must be negative',
  margin_single_line: 'A margin-taxed invoice can only have one line',
  margin_deduction_invalid: 'The deduction must lie between 0 and the amount',
  reduced_rate_needs_inclusive: 'The reduced 1.5% levy must be invoiced with tax-inclusive amounts',
};

/** A violation as a bilingual message parameter: the engine's Chinese as is, English by its code and line. */
export function violationText(v: Pick<Violation, 'code' | 'message' | 'lineNo'>): LocalText {
  const en = VIOLATIONS_EN[v.code] ?? 'The invoice is not valid';
  return new LocalText(v.message, v.lineNo === undefined ? en : `Line ${v.lineNo}: ${en}`);
}
