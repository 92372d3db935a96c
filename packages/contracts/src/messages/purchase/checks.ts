import type { MessageText } from '../text.ts';

/** 查验, 报销 and 预警 of received invoices (issue 31, lane CHECK). */
export const purchaseCheckMessages = {
  'TENANT_REQUIRED.purchase': {
    zh: '平台账号没有进项发票，请以企业账号操作',
    en: 'A platform account receives no invoices; please use a company account',
  },
  INVOICE_ALREADY_REIMBURSED: {
    zh: '发票 {invoice} 已由 {who} 于 {at} 在报销单 {claimNo} 中报销，不能重复报销',
    en: 'Invoice {invoice} was already reimbursed by {who} at {at} on claim {claimNo}; it cannot be reimbursed twice',
  },
  INVOICE_ALREADY_DEDUCTED: {
    zh: '发票 {invoice} 已由 {who} 于 {at} 勾选抵扣（所属期 {period}），不能再报销',
    en: 'Invoice {invoice} was selected for deduction by {who} at {at} (period {period}); it cannot be reimbursed',
  },
  'INVOICE_NOT_GENUINE.not_found': {
    zh: '发票 {invoice} 查验未通过：税局查无此票',
    en: 'Invoice {invoice} failed the check: the tax bureau does not know it',
  },
  'INVOICE_NOT_GENUINE.mismatch': {
    zh: '发票 {invoice} 查验不一致：{fields}与税局记录不符',
    en: 'Invoice {invoice} failed the check: {fields} differ from the bureau’s record',
  },
  'INVOICE_NOT_GENUINE.state': {
    zh: '发票 {invoice} 在税局的状态为{state}，不能报销',
    en: 'Invoice {invoice} is {state} at the tax bureau and cannot be reimbursed',
  },
  'INVOICE_NOT_GENUINE.failed': {
    zh: '税局暂时无法查验发票 {invoice}，请稍后再试',
    en: 'The tax bureau could not check invoice {invoice} now; please try again later',
  },
  INVOICE_OTHER_BUYER: {
    zh: '发票 {invoice} 的购买方税号为 {taxNumber}，不是本公司的发票，不能报销',
    en: 'Invoice {invoice} is addressed to tax number {taxNumber}, not to this company; it cannot be reimbursed',
  },
  INVOICE_TWICE_IN_CLAIM: {
    zh: '发票 {invoice} 在本报销单中出现了两次',
    en: 'Invoice {invoice} appears twice on this claim',
  },
  CLAIM_NOT_WITHDRAWABLE: {
    zh: '只能撤回本人提交、尚未撤回的报销单',
    en: 'Only a submitted claim of your own can be withdrawn',
  },
  CHECK_BATCH_EMPTY: { zh: '清单中没有发票', en: 'The list holds no invoice' },
  CHECK_BATCH_TOO_MANY: {
    zh: '批量查验最多 {max} 行，请分批提交',
    en: 'A batch check takes at most {max} rows; please split it',
  },
  'CHECK_ROW.columns': {
    zh: '应为：发票代码,发票号码,开票日期,金额,校验码后6位（数电发票代码留空）',
    en: 'Expected: code,number,issue date,amount,check code last 6 (code empty for fully digital invoices)',
  },
  'CHECK_ROW.amount': {
    zh: '金额须为元，最多两位小数',
    en: 'The amount must be in yuan with at most two decimals',
  },
} as const satisfies Record<string, MessageText>;

/** Words of the bureau states and mismatching fields inside messages. */
export const CHECK_STATE_TEXTS = {
  normal: { zh: '正常', en: 'normal' },
  red: { zh: '已红冲', en: 'red-lettered' },
  voided: { zh: '已作废', en: 'voided' },
  abnormal: { zh: '异常（失控）', en: 'abnormal' },
} as const;
export const CHECK_FIELD_TEXTS = {
  issueDate: { zh: '开票日期', en: 'issue date' },
  totalFen: { zh: '价税合计', en: 'total' },
  amountFen: { zh: '金额', en: 'amount' },
  checkCode: { zh: '校验码', en: 'check code' },
} as const;
