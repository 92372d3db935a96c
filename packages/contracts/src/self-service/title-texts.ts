import type { TitleField, TitleProblemCode } from '@fpy/domain';

/**
 * The words of each title problem (@fpy/domain checkBuyerTitle) and of each title field, zh + en, without zod:
 * the phone title picker shows them beside the field, and the server's messages (messages/self-service/titles.ts)
 * word a refused title with the same text, so the buyer reads one sentence whichever side found the problem.
 */
export const TITLE_PROBLEM_TEXTS: Record<TitleProblemCode, { zh: string; en: string }> = {
  title_name_required: { zh: '请填写发票抬头名称', en: 'Please enter the title name' },
  title_name_too_long: {
    zh: '抬头名称不能超过100个字符',
    en: 'The title name can have at most 100 characters',
  },
  title_name_short: {
    zh: '单位名称过短，税局可能限制开具，请核对全称',
    en: 'This company name is very short and the tax bureau may refuse it; please check the full name',
  },
  title_tax_number_required: {
    zh: '专用发票须填写购买方税号',
    en: 'A special VAT invoice needs the buyer’s tax number',
  },
  title_tax_number_invalid: {
    zh: '税号格式不正确（应为15、17、18或20位字母数字）',
    en: 'The tax number is not valid (15, 17, 18 or 20 letters and digits)',
  },
  title_tax_number_checksum: {
    zh: '统一社会信用代码校验位不符，请核对（仍可提交）',
    en: 'The credit code’s check character does not match; please check it (you can still submit)',
  },
  title_id_number_invalid: {
    zh: '身份证号码格式或校验位不符，请核对（仍可提交）',
    en: 'The ID number does not look right; please check it (you can still submit)',
  },
  title_natural_person_not_allowed: {
    zh: '该发票类型或开票方不支持个人抬头，请填写单位抬头',
    en: 'Personal titles are not accepted for this invoice type or by this seller; please enter a company title',
  },
  title_type_not_allowed: {
    zh: '开票方未开放该发票类型',
    en: 'The seller does not offer this invoice type',
  },
  title_field_required: { zh: '此项为必填', en: 'This field is required' },
  title_field_too_long: { zh: '内容过长', en: 'This is too long' },
  title_email_invalid: { zh: '邮箱格式不正确', en: 'The e-mail address is not valid' },
  title_mobile_invalid: {
    zh: '手机号码须为11位中国大陆手机号',
    en: 'The mobile number must be an 11-digit mainland China number',
  },
};

export const TITLE_FIELD_TEXTS: Record<TitleField, { zh: string; en: string }> = {
  kind: { zh: '抬头类型', en: 'Title type' },
  type: { zh: '发票类型', en: 'Invoice type' },
  name: { zh: '抬头名称', en: 'Title name' },
  taxNumber: { zh: '税号', en: 'Tax number' },
  address: { zh: '地址', en: 'Address' },
  phone: { zh: '电话', en: 'Phone' },
  bank: { zh: '开户银行', en: 'Bank' },
  account: { zh: '银行账号', en: 'Bank account' },
  email: { zh: '电子邮箱', en: 'E-mail' },
  mobile: { zh: '手机号码', en: 'Mobile' },
  remarks: { zh: '备注', en: 'Remarks' },
};
