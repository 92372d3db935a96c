import type { MessageText } from '../text.ts';

/**
 * Refusals of the tax bureau (the embedded sandbox answers as the bureau would). They reach the user as
 * 409 RED_FORM_REFUSED, so their keys are variants of that code.
 */
export const taxGatewayMessages = {
  'RED_FORM_REFUSED.expired': {
    zh: '确认单已超过72小时未确认，已自动作废',
    en: 'The confirmation form was not confirmed within 72 hours and is void',
  },
  'RED_FORM_REFUSED.not_actionable': {
    zh: '确认单当前状态不可确认或拒绝',
    en: 'The confirmation form cannot be confirmed or refused in its current state',
  },
  'RED_FORM_REFUSED.buyer_confirms': { zh: '应由购买方确认', en: 'The buyer must confirm this form' },
  'RED_FORM_REFUSED.seller_confirms': { zh: '应由销售方确认', en: 'The seller must confirm this form' },
  'RED_FORM_REFUSED.red_issued': {
    zh: '确认单已开具红字发票，不可撤销',
    en: 'A red invoice was issued from this form; it cannot be revoked',
  },
  'RED_FORM_REFUSED.initiator_only': {
    zh: '只有发起方可以撤销确认单',
    en: 'Only the party that raised the form can revoke it',
  },
  'RED_FORM_REFUSED.void': { zh: '确认单已作废', en: 'The confirmation form is void' },
  'RED_FORM_REFUSED.not_found': { zh: '确认单不存在', en: 'The confirmation form does not exist' },
  'RED_FORM_REFUSED.amount_invalid': {
    zh: '红冲金额必须为正的整数（分）',
    en: 'The amount to reverse must be a positive whole number of fen',
  },
  'RED_FORM_REFUSED.blue_missing': { zh: '蓝字发票不存在', en: 'The blue invoice does not exist' },
  'RED_FORM_REFUSED.seller_direct': {
    zh: '蓝字发票未经购买方用途确认或入账，应由销售方直接发起红冲',
    en: 'The buyer has not confirmed or booked the blue invoice; the seller reverses it directly',
  },
  'RED_FORM_REFUSED.over_remaining': {
    zh: '红冲金额超过蓝字发票可冲红余额',
    en: 'The amount exceeds what is left to reverse on the blue invoice',
  },
  'RED_FORM_REFUSED.issue_error_full': {
    zh: '开票有误须全额红冲',
    en: 'An invoicing error must be reversed in full',
  },
  'RED_FORM_INVALID.reason_issue_error': {
    zh: '开票有误须全额红冲，该蓝字发票已部分红冲或有未完成的确认单，请选择其他红冲原因',
    en: 'An invoicing error must be reversed in full, but this blue invoice is partly reversed or has an open form; choose another reason',
  },
  'RED_FORM_INVALID.reason_sales_return': {
    zh: '蓝字发票明细均为服务，不能以销货退回红冲',
    en: 'Every line of the blue invoice is a service; it cannot be reversed as a sales return',
  },
  'RED_FORM_INVALID.reason_service_suspension': {
    zh: '蓝字发票明细均为货物，不能以服务中止红冲',
    en: 'Every line of the blue invoice is goods; it cannot be reversed as a service suspension',
  },
} as const satisfies Record<string, MessageText>;
