import { type customerInput, providedOf, type updateCustomer, type BodyOf } from '@fpy/contracts';
import { customers } from '@fpy/db';
import { checkCreditCode, invoiceTypeRules } from '@fpy/domain';
import type { z } from 'zod';
import { scoped } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { badRequest } from '../../../lib/errors.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { initialsOf } from '../commodities/initials.ts';
import { customerRowOf } from './customer-rows.ts';

export type CustomerValues = z.output<typeof customerInput>;

/** A natural person's number is an ID number (§5.3), not a credit code: only its shape is checked. */
const PERSON_ID_RE = /^[0-9A-Z]{6,20}$/;

/**
 * The buyer rules of domain notes §5: a company needs a 纳税人识别号 in a valid format (a checksum failure is
 * only a warning — some real pilot-region codes fail it, §5.1); a natural person may omit it and may only
 * default to a type that allows natural-person buyers (普票, §5.3). Returns the warnings.
 */
export function checkCustomer(v: CustomerValues): string[] {
  const warnings: string[] = [];
  const tax = v.taxNumber;
  if (!v.naturalPerson && !tax)
    throw badRequest('TAX_NUMBER_REQUIRED', '纳税人识别号：企业客户必须填写（自然人可不填）');
  if (tax && v.naturalPerson && !PERSON_ID_RE.test(tax))
    throw badRequest('TAX_NUMBER_INVALID', `纳税人识别号：自然人证件号码“${tax}”格式不正确`);
  if (tax && !v.naturalPerson) {
    const check = checkCreditCode(tax);
    if (check.status === 'malformed')
      throw badRequest(
        'TAX_NUMBER_INVALID',
        `纳税人识别号“${tax}”格式不正确（应为15、17、18或20位大写字母或数字）`,
      );
    if (check.status === 'checksum_failed')
      warnings.push(`纳税人识别号“${tax}”校验位不符（按规则应为 ${check.expectedCheck}），已保存，请核对`);
  }
  if (
    v.naturalPerson &&
    v.defaultInvoiceType &&
    !invoiceTypeRules(v.defaultInvoiceType).naturalPersonBuyerAllowed
  )
    throw badRequest(
      'INVOICE_TYPE_NOT_ALLOWED',
      `默认发票类型：自然人客户只能开具普通发票，不能默认为${invoiceTypeRules(v.defaultInvoiceType).label}`,
    );
  return warnings;
}

const duplicate = (tax: string | null) =>
  badRequest('CUSTOMER_DUPLICATE', `纳税人识别号“${tax}”的客户已存在`);
const stored = (v: CustomerValues) => ({ ...v, initials: initialsOf(v.name) });

export async function createCustomerVerb(ctx: AuthedCtx, v: CustomerValues) {
  const warnings = checkCustomer(v);
  try {
    const row = await scoped(ctx, customers).insert(stored(v));
    return { customer: customerRowOf(row), warnings };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(v.taxNumber);
    throw err;
  }
}

/**
 * Only the fields given change: the stored customer with them laid over it is checked as a whole (a company
 * still needs its tax number), and only they (with the name's initials) are written.
 */
export async function updateCustomerVerb(ctx: AuthedCtx, id: number, patch: BodyOf<typeof updateCustomer>) {
  const s = scoped(ctx, customers);
  const current = await s.get(id);
  const given = providedOf(patch);
  const merged: CustomerValues = {
    name: current.name,
    taxNumber: current.taxNumber,
    address: current.address,
    phone: current.phone,
    bank: current.bank,
    account: current.account,
    email: current.email,
    mobile: current.mobile,
    naturalPerson: current.naturalPerson,
    defaultInvoiceType: current.defaultInvoiceType as CustomerValues['defaultInvoiceType'],
    ...given,
  };
  const warnings = checkCustomer(merged);
  const changes = given.name === undefined ? given : { ...given, initials: initialsOf(given.name) };
  try {
    return { customer: customerRowOf(await s.update(id, changes)), warnings };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(merged.taxNumber);
    throw err;
  }
}
