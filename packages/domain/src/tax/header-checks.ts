/** Buyer / header rules per invoice type (domain notes §1.4, §5.1, §5.3). */
import { checkCreditCode } from '../credit-code.ts';
import { type InvoiceType, invoiceTypeRules } from './invoice-types.ts';
import type { BuyerDraft } from './types.ts';
import { type Violation, violation, warning } from './violations.ts';

/** §1.4: buyer name ≤ 100 characters (Nuonuo). */
export const BUYER_NAME_MAX = 100;

export function checkBuyer(type: InvoiceType, buyer: BuyerDraft): Violation[] {
  const rules = invoiceTypeRules(type);
  const out: Violation[] = [];
  const name = buyer.name?.trim() ?? '';
  if (!name) out.push(violation('buyer_name_required', '购买方名称不能为空'));
  else if (name.length > BUYER_NAME_MAX)
    out.push(violation('buyer_name_too_long', `购买方名称不能超过${BUYER_NAME_MAX}个字符`));
  // §5.3: natural-person buyers only on 普票; §1.4: 专票 need the buyer's 纳税人识别号.
  if (buyer.naturalPerson && !rules.naturalPersonBuyerAllowed)
    out.push(violation('natural_person_not_allowed', `${rules.label}的购买方不能是自然人`));
  const taxNumber = buyer.taxNumber?.trim() ?? '';
  if (!taxNumber && rules.buyerTaxNumberRequired)
    out.push(violation('buyer_tax_number_required', `${rules.label}须填写购买方纳税人识别号`));
  // A natural person's number is an ID number, not a credit code: the GB 32100 check does not apply.
  if (taxNumber && !buyer.naturalPerson) {
    const check = checkCreditCode(taxNumber);
    if (check.status === 'malformed')
      out.push(violation('buyer_tax_number_invalid', '购买方纳税人识别号格式不正确（应为15、17、18或20位）'));
    // §5.1: some legal pilot-region codes fail the checksum — warn, never block.
    else if (check.status === 'checksum_failed')
      out.push(warning('buyer_tax_number_checksum', '购买方统一社会信用代码校验位不符，请核对'));
  }
  // §1.4: legacy paper 专票 also need 地址电话 and 开户行及账号 (BAIWANG-SDK) — two combined fields on legacy.
  if (rules.buyerAddressAndBankRequired) {
    const filled = (...vs: (string | undefined)[]) => vs.some((v) => v?.trim());
    const missing = !filled(buyer.address, buyer.phone) || !filled(buyer.bank, buyer.account);
    if (missing)
      out.push(
        violation('buyer_address_bank_required', `${rules.label}须填写购买方地址、电话、开户行及账号`),
      );
  }
  return out;
}
