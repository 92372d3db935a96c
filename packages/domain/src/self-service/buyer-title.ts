/**
 * The buyer's title (抬头) on a self-service ask (issue 30): what a buyer types or picks on the phone, checked
 * against the tenant's title-scan settings (the buyer form rules) and the invoice type. Pure: the phone page,
 * the title picker, the console and the server's submit verbs run the same checks.
 *
 * Sources: domain notes §1.4 (buyer name ≤ 100, 专票 need the tax number, 备注 length), §5.1 (统一社会信用代码;
 * a checksum failure is a WARNING, never a refusal — legal pilot-region codes fail it), §5.2 (older numbers of
 * 15, 17, 20 characters), §5.3 (natural persons on 普票 only; non-person 数电普票 with a name ≤ 4 characters are
 * restricted by the bureau).
 */
import { checkCreditCode } from '../credit-code.ts';
import { isDeliveryEmail, isDeliveryMobile } from '../delivery/recipient.ts';
import { BUYER_NAME_MAX } from '../tax/header-checks.ts';
import { type InvoiceType, invoiceTypeRules, isInvoiceType } from '../tax/invoice-types.ts';
import { isFen } from '../money/fen.ts';

/** Company (单位) or natural person (个人). */
export type TitleKind = 'company' | 'person';

export interface BuyerTitle {
  kind: TitleKind;
  name: string;
  /** 纳税人识别号 / credit code; for a person an optional ID number. */
  taxNumber?: string;
  address?: string;
  phone?: string;
  bank?: string;
  account?: string;
  /** Where the invoice is delivered. */
  email?: string;
  mobile?: string;
  /** 备注 the buyer asks to print. */
  remarks?: string;
}

/** How the tenant's form treats an optional field. */
export type FieldNeed = 'required' | 'optional' | 'hidden';
export const FIELD_NEEDS = ['required', 'optional', 'hidden'] as const satisfies readonly FieldNeed[];

/** Fields whose need the tenant sets (name and, for 专票, the tax number follow the rules). */
export const FORM_FIELDS = ['email', 'mobile', 'remarks', 'addressBank'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** Who approves a buyer's ask: nobody, the seller, or nobody up to an amount (fen, inclusive). */
export type ApprovalRule = { mode: 'auto' } | { mode: 'manual' } | { mode: 'auto_below'; capFen: number };
export const APPROVAL_MODES = ['auto', 'manual', 'auto_below'] as const;

/** How the issued invoice reaches the buyer: SMS link, e-mail, a WeChat/Alipay card bag. */
export const BUYER_CHANNELS = ['sms', 'email', 'card_bag'] as const;
export type BuyerChannel = (typeof BUYER_CHANNELS)[number];

/** Invoice types a buyer may ask for on a phone (electronic ones: the result goes to the phone). */
export const SELF_SERVICE_INVOICE_TYPES = [
  'digital_ordinary',
  'digital_special',
  'electronic_ordinary',
  'electronic_special',
] as const satisfies readonly InvoiceType[];
export type SelfServiceInvoiceType = (typeof SELF_SERVICE_INVOICE_TYPES)[number];

/** The tenant's buyer form (its 扫码抬头 settings), as the phone pages and the submit verbs read it. */
export interface BuyerFormRules {
  fields: Record<FormField, FieldNeed>;
  /** Types the buyer may choose; the default is one of them. */
  invoiceTypes: SelfServiceInvoiceType[];
  defaultInvoiceType: SelfServiceInvoiceType;
  naturalPersonAllowed: boolean;
  approval: ApprovalRule;
  channels: BuyerChannel[];
}

export const DEFAULT_BUYER_FORM_RULES: BuyerFormRules = {
  fields: { email: 'optional', mobile: 'optional', remarks: 'optional', addressBank: 'optional' },
  invoiceTypes: ['digital_ordinary', 'digital_special'],
  defaultInvoiceType: 'digital_ordinary',
  naturalPersonAllowed: true,
  approval: { mode: 'auto' },
  channels: ['sms', 'email'],
};

/** Bounds of the free-text fields (domain notes §1.4; 备注 200 on 数电). */
export const TITLE_LIMITS = {
  name: BUYER_NAME_MAX,
  taxNumber: 20,
  address: 100,
  phone: 30,
  bank: 100,
  account: 50,
  email: 128,
  mobile: 11,
  remarks: 200,
} as const;
/** The bureau restricts a non-person 数电普票 whose buyer name is this short (§5.3): warn. */
export const SHORT_COMPANY_NAME = 4;

export type TitleProblemCode =
  | 'title_name_required'
  | 'title_name_too_long'
  | 'title_name_short'
  | 'title_tax_number_required'
  | 'title_tax_number_invalid'
  | 'title_tax_number_checksum'
  | 'title_id_number_invalid'
  | 'title_natural_person_not_allowed'
  | 'title_type_not_allowed'
  | 'title_field_required'
  | 'title_field_too_long'
  | 'title_email_invalid'
  | 'title_mobile_invalid';

export type TitleField = Exclude<keyof BuyerTitle, 'kind'> | 'kind' | 'type';

export interface TitleProblem {
  field: TitleField;
  code: TitleProblemCode;
  /** A warning never blocks the ask (e.g. a credit-code checksum failure, §5.1). */
  severity: 'error' | 'warning';
}

const trimOrUndefined = (v: string | undefined) => {
  const t = v?.replace(/\s+/g, ' ').trim();
  return t ? t : undefined;
};

/** Trimmed, spaces collapsed; the tax number upper-cased without spaces; e-mail lower-cased. */
export function normalizeBuyerTitle(t: BuyerTitle): BuyerTitle {
  const out: BuyerTitle = {
    kind: t.kind === 'person' ? 'person' : 'company',
    name: trimOrUndefined(t.name) ?? '',
  };
  const tax = t.taxNumber?.replace(/\s+/g, '').toUpperCase();
  if (tax) out.taxNumber = tax;
  for (const k of ['address', 'phone', 'bank', 'account', 'remarks'] as const) {
    const v = trimOrUndefined(t[k]);
    if (v) out[k] = v;
  }
  const email = t.email?.trim().toLowerCase();
  if (email) out.email = email;
  const mobile = t.mobile?.replace(/[\s-]/g, '').replace(/^\+?86(?=1\d{10}$)/, '');
  if (mobile) out.mobile = mobile;
  return out;
}

/** Mainland ID card: 15 digits, or 17 digits + digit/X with the ISO 7064 MOD 11-2 check. */
export function isChineseIdNumber(raw: string): boolean {
  const v = raw.toUpperCase();
  if (/^\d{15}$/.test(v)) return true;
  if (!/^\d{17}[\dX]$/.test(v)) return false;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let s = 0;
  for (let i = 0; i < 17; i++) s += Number(v[i]) * w[i];
  return '10X98765432'[s % 11] === v[17];
}

/**
 * Every problem of `title` for an ask of `type` under `rules`, errors and warnings, in field order. Call it on
 * the normalized title (normalizeBuyerTitle). An empty list, or warnings only, means the ask may go on.
 */
export function checkBuyerTitle(title: BuyerTitle, type: InvoiceType, rules: BuyerFormRules): TitleProblem[] {
  const out: TitleProblem[] = [];
  const err = (field: TitleField, code: TitleProblemCode) => out.push({ field, code, severity: 'error' });
  const warn = (field: TitleField, code: TitleProblemCode) => out.push({ field, code, severity: 'warning' });
  const typeRules = isInvoiceType(type) ? invoiceTypeRules(type) : null;
  if (!typeRules || !(rules.invoiceTypes as string[]).includes(type)) err('type', 'title_type_not_allowed');
  const person = title.kind === 'person';
  if (person && (!rules.naturalPersonAllowed || (typeRules && !typeRules.naturalPersonBuyerAllowed)))
    err('kind', 'title_natural_person_not_allowed');

  const name = title.name ?? '';
  if (!name) err('name', 'title_name_required');
  else if ([...name].length > TITLE_LIMITS.name) err('name', 'title_name_too_long');
  else if (!person && [...name].length <= SHORT_COMPANY_NAME) warn('name', 'title_name_short');

  const tax = title.taxNumber ?? '';
  if (tax.length > TITLE_LIMITS.taxNumber) err('taxNumber', 'title_field_too_long');
  else if (person) {
    if (tax && !isChineseIdNumber(tax)) warn('taxNumber', 'title_id_number_invalid');
  } else if (!tax) {
    if (typeRules?.buyerTaxNumberRequired) err('taxNumber', 'title_tax_number_required');
  } else {
    const check = checkCreditCode(tax);
    if (check.status === 'malformed') err('taxNumber', 'title_tax_number_invalid');
    else if (check.status === 'checksum_failed') warn('taxNumber', 'title_tax_number_checksum');
  }

  const need = (f: FormField) => rules.fields[f];
  const addressBankNeeded = need('addressBank') === 'required' || !!typeRules?.buyerAddressAndBankRequired;
  for (const k of ['address', 'phone', 'bank', 'account'] as const) {
    const v = title[k];
    if (v && [...v].length > TITLE_LIMITS[k]) err(k, 'title_field_too_long');
    else if (!v && addressBankNeeded && !person) err(k, 'title_field_required');
  }
  const email = title.email;
  if (email) {
    if (!isDeliveryEmail(email)) err('email', 'title_email_invalid');
  } else if (need('email') === 'required') err('email', 'title_field_required');
  const mobile = title.mobile;
  if (mobile) {
    if (!isDeliveryMobile(mobile)) err('mobile', 'title_mobile_invalid');
  } else if (need('mobile') === 'required') err('mobile', 'title_field_required');
  const remarks = title.remarks;
  const remarkMax = Math.min(TITLE_LIMITS.remarks, typeRules?.remarkMaxLength ?? TITLE_LIMITS.remarks);
  if (remarks) {
    if ([...remarks].length > remarkMax) err('remarks', 'title_field_too_long');
  } else if (need('remarks') === 'required') err('remarks', 'title_field_required');
  return out;
}

/** Only the blocking problems. */
export const titleErrors = (problems: readonly TitleProblem[]) =>
  problems.filter((p) => p.severity === 'error');

/** Whether an ask of `amountFen` waits for the seller under `rule`. */
export function approvalNeeded(rule: ApprovalRule, amountFen: number): boolean {
  if (rule.mode === 'auto') return false;
  if (rule.mode === 'manual') return true;
  return !isFen(amountFen) || amountFen > rule.capFen;
}

/**
 * The rules as stored may come from an older or hand-edited record: keep what is valid, fill the rest from the
 * defaults, and keep the default type among the allowed ones.
 */
export function saneBuyerFormRules(raw: Partial<BuyerFormRules> | null | undefined): BuyerFormRules {
  const d = DEFAULT_BUYER_FORM_RULES;
  const r = raw ?? {};
  const fields = { ...d.fields };
  for (const f of FORM_FIELDS) {
    const v = r.fields?.[f];
    if (v && (FIELD_NEEDS as readonly string[]).includes(v)) fields[f] = v;
  }
  const types = (r.invoiceTypes ?? []).filter((t): t is SelfServiceInvoiceType =>
    (SELF_SERVICE_INVOICE_TYPES as readonly string[]).includes(t),
  );
  const invoiceTypes = types.length ? [...new Set(types)] : d.invoiceTypes;
  const defaultInvoiceType =
    r.defaultInvoiceType && invoiceTypes.includes(r.defaultInvoiceType)
      ? r.defaultInvoiceType
      : invoiceTypes[0];
  const a = r.approval;
  const approval: ApprovalRule =
    a?.mode === 'manual'
      ? { mode: 'manual' }
      : a?.mode === 'auto_below' && isFen(a.capFen) && a.capFen >= 0
        ? { mode: 'auto_below', capFen: a.capFen }
        : { mode: 'auto' };
  const channels = (r.channels ?? d.channels).filter((c): c is BuyerChannel =>
    (BUYER_CHANNELS as readonly string[]).includes(c),
  );
  return {
    fields,
    invoiceTypes,
    defaultInvoiceType,
    naturalPersonAllowed:
      typeof r.naturalPersonAllowed === 'boolean' ? r.naturalPersonAllowed : d.naturalPersonAllowed,
    approval,
    channels: [...new Set(channels)],
  };
}
