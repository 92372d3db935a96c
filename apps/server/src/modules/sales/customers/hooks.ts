import { checkCreditCode, type InvoiceType, invoiceTypeRules, isInvoiceType } from '@fpy/domain';
import type { ResourceHooks } from '../../../crud/bind.ts';
import { badRequest } from '../../../lib/errors.ts';
import { initialsOf } from '../../../lib/initials.ts';

type Row = Record<string, unknown>;

/** A natural person's number is an ID number (§5.3), not a credit code: only its shape is checked. */
const PERSON_ID_RE = /^[0-9A-Z]{6,20}$/;

/** Refusals name the field in `details`, so a form can put the message under it. */
const onTaxNumber = { field: 'taxNumber' };

/**
 * The buyer rules of domain notes §5, on the customer as it will be stored (an update's fields laid over the
 * stored row, so a company keeps needing its tax number): a company needs a 纳税人识别号 in a valid format (a
 * checksum failure is only a warning — some real pilot-region codes fail it, §5.1); a natural person may omit
 * it and may only default to a type that allows natural-person buyers (普票, §5.3). Returns the warnings.
 */
export function checkCustomer(v: Row): string[] {
  const warnings: string[] = [];
  const tax = (v.taxNumber as string | null | undefined) ?? null;
  const person = v.naturalPerson === true;
  if (!person && !tax) throw badRequest('TAX_NUMBER_REQUIRED', undefined, onTaxNumber);
  if (tax && person && !PERSON_ID_RE.test(tax)) throw badRequest('TAX_NUMBER_INVALID', { tax }, onTaxNumber);
  if (tax && !person) {
    const check = checkCreditCode(tax);
    if (check.status === 'malformed') throw badRequest('TAX_NUMBER_INVALID.company', { tax }, onTaxNumber);
    if (check.status === 'checksum_failed')
      warnings.push(`纳税人识别号“${tax}”校验位不符（按规则应为 ${check.expectedCheck}），已保存，请核对`);
  }
  const type = isInvoiceType(v.defaultInvoiceType) ? (v.defaultInvoiceType as InvoiceType) : null;
  if (person && type && !invoiceTypeRules(type).naturalPersonBuyerAllowed)
    throw badRequest(
      'INVOICE_TYPE_NOT_ALLOWED',
      { type: invoiceTypeRules(type).label },
      { field: 'defaultInvoiceType' },
    );
  return warnings;
}

/** The customers resource's rung above its declaration: the buyer rules and the name's pinyin initials. */
export const customerHooks: ResourceHooks = {
  beforeWrite: (_ctx, values, existing) => ({ warnings: checkCustomer({ ...existing, ...values }) }),
  // The keyword box finds 演示科技 by yskj.
  derive: (values) => (typeof values.name === 'string' ? { initials: initialsOf(values.name) } : {}),
};
