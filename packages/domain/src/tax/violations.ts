/** Violation codes of the tax engine. Messages are Chinese and name the line (第N行：…) when there is one. */
export type ViolationCode =
  | 'invoice_type_invalid'
  | 'buyer_name_required'
  | 'buyer_name_too_long'
  | 'buyer_tax_number_required'
  | 'buyer_tax_number_invalid'
  | 'buyer_tax_number_checksum'
  | 'natural_person_not_allowed'
  | 'buyer_address_bank_required'
  | 'no_lines'
  | 'too_many_lines'
  | 'line_name_required'
  | 'line_field_too_long'
  | 'tax_code_invalid'
  | 'rate_invalid'
  | 'rate_policy_mismatch'
  | 'rate_not_allowed'
  | 'quantity_invalid'
  | 'unit_price_invalid'
  | 'amount_invalid'
  | 'amount_undetermined'
  | 'quantity_price_mismatch'
  | 'line_tax_tolerance'
  | 'zero_rate_tax'
  | 'invoice_tax_tolerance'
  | 'line_amount_zero'
  | 'line_amount_sign'
  | 'quantity_sign'
  | 'unit_price_sign'
  | 'amount_too_many_digits'
  | 'total_sign'
  | 'invoice_limit_exceeded'
  | 'red_only_normal_lines'
  | 'discount_first_line'
  | 'discount_adjacent'
  | 'discount_without_discounted'
  | 'discounted_without_discount'
  | 'discount_name_mismatch'
  | 'discount_rate_mismatch'
  | 'discount_tax_code_mismatch'
  | 'discount_exceeds_discounted'
  | 'discount_amount_sign'
  | 'discount_quantity_sign'
  | 'margin_single_line'
  | 'margin_deduction_invalid'
  | 'reduced_rate_needs_inclusive';

export interface Violation {
  code: ViolationCode;
  /** 'warning' does not block issuing (e.g. a credit-code checksum failure, §5.1). */
  severity: 'error' | 'warning';
  /** 1-based line number when the violation concerns one line. */
  lineNo?: number;
  message: string;
}

export function violation(code: ViolationCode, text: string, lineNo?: number): Violation {
  return lineNo === undefined
    ? { code, severity: 'error', message: text }
    : { code, severity: 'error', lineNo, message: `第${lineNo}行：${text}` };
}

export function warning(code: ViolationCode, text: string, lineNo?: number): Violation {
  return { ...violation(code, text, lineNo), severity: 'warning' };
}
