import type { MessageText } from '../text.ts';

/** 扫码开票订单 and 开票申请 (issue 30 §1–3): the console's checks and what a buyer scanning an order is told. */
export const scanOrderMessages = {
  ORDER_UNKNOWN: {
    zh: '开票二维码无效，请核对小票上的二维码或链接，或联系商家',
    en: 'This invoicing code is not valid; please check the QR code or link on your receipt, or ask the seller',
  },
  ORDER_NOT_OPEN: {
    zh: '该订单{state}，不能再申请开票',
    en: 'This order is {state}; it cannot be invoiced again',
  },
  'ORDER_NOT_OPEN.void': {
    zh: '该订单{state}，不能作废',
    en: 'This order is {state}; it cannot be voided',
  },
  ORDER_AMOUNT_INVALID: {
    zh: '订单金额须大于0且不超过12位整数',
    en: 'The order amount must be above zero and at most 12 integer digits',
  },
  ORDER_SELF_SERVICE_OFF: {
    zh: '商家已暂停扫码开票，请联系商家开票',
    en: 'The seller has paused self-service invoicing; please ask the seller for the invoice',
  },
  ORDER_TITLE_INVALID: {
    zh: '发票抬头有误：{problems}',
    en: 'Please check the invoice title: {problems}',
  },
  ORDER_INVOICE_TYPE_REFUSED: {
    zh: '商家不提供该发票类型，请从可选类型中选择',
    en: 'The seller does not offer this invoice type; please pick one of the offered types',
  },
  ORDER_IMPORT_FILE: {
    zh: '请上传 Excel 文件（.xlsx）',
    en: 'Please upload an Excel file (.xlsx)',
  },
  REQUEST_UNKNOWN: {
    zh: '开票申请不存在，请重新扫描小票上的二维码',
    en: 'No such invoice request; please scan the QR code on your receipt again',
  },
} as const satisfies Record<string, MessageText>;

/** The words of an order's state in a message (ORDER_NOT_OPEN {state}). */
export const ORDER_STATE_TEXTS = {
  open: { zh: '待开票', en: 'open' },
  expired: { zh: '已过期', en: 'expired' },
  requested: { zh: '已提交开票申请', en: 'already requested' },
  invoiced: { zh: '已开票', en: 'already invoiced' },
  voided: { zh: '已作废', en: 'voided' },
} as const;
