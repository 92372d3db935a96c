import type { MessageText } from '../text.ts';

/**
 * Why an invoice cannot be selected for deduction (勾选) or unselected — the reasons of @fpy/domain's
 * purchase/deduction.ts and the sandbox bureau's refusals (issue 31, lane DEDUCT).
 */
export const purchaseDeductionMessages = {
  DEDUCTION_BAD_PERIOD: {
    zh: '税款所属期格式不正确，应为年月（如 202611）',
    en: 'The tax period is not valid; it is a year and month such as 202611',
  },
  DEDUCTION_UNKNOWN_INVOICE: {
    zh: '税局没有这张发票的记录，或发票未开具给本企业',
    en: 'The tax bureau has no such invoice, or it was not issued to this company',
  },
  DEDUCTION_NOT_SELECTED: {
    zh: '发票未勾选，无需撤销',
    en: 'The invoice is not selected; there is nothing to undo',
  },
  DEDUCTION_NOT_DEDUCTIBLE_TYPE: {
    zh: '该发票种类不能用于抵扣进项税额',
    en: 'Input tax on this kind of invoice cannot be deducted',
  },
  DEDUCTION_RED_INVOICE: {
    zh: '红字发票不能勾选抵扣',
    en: 'A red-letter invoice cannot be selected for deduction',
  },
  DEDUCTION_STATE_NOT_NORMAL: {
    zh: '发票已作废、已红冲或状态异常，不能勾选抵扣',
    en: 'The invoice is voided, red-lettered or abnormal and cannot be selected for deduction',
  },
  DEDUCTION_ALREADY_SELECTED: {
    zh: '发票已勾选抵扣，不能重复勾选',
    en: 'The invoice is already selected for deduction',
  },
  DEDUCTION_ISSUED_AFTER_PERIOD: {
    zh: '发票开具日期晚于所选税款所属期，不能在该期勾选',
    en: 'The invoice was issued after the chosen tax period and cannot be selected in it',
  },
  DEDUCTION_ISSUED_TOO_EARLY: {
    zh: '发票开具日期早于可勾选的起始日期（2017 年 1 月 1 日），不能勾选',
    en: 'The invoice was issued before the earliest selectable date (1 January 2017)',
  },
  DEDUCTION_NO_TAX: {
    zh: '发票没有可抵扣的税额',
    en: 'The invoice carries no tax to deduct',
  },
  DEDUCTION_PERIOD_LOCKED: {
    zh: '该税款所属期已申请统计或已确认，勾选不能再变更',
    en: 'Statistics for this tax period are applied or confirmed; selections can no longer change',
  },
  DEDUCTION_PAST_DEADLINE: {
    zh: '已过该税款所属期的勾选截止日，不能再勾选或撤销',
    en: 'The selection deadline of this tax period has passed',
  },
  DEDUCTION_SELECTED_BY: {
    zh: '发票 {invoice} 已由 {who} 于 {at} 勾选（所属期 {period}），不能重复勾选',
    en: 'Invoice {invoice} was already selected by {who} at {at} (period {period}); it cannot be selected twice',
  },
  DEDUCTION_NOT_YOURS: {
    zh: '发票不存在或不属于本企业',
    en: 'No such invoice for this company',
  },
  DEDUCTION_NOT_SELECTABLE: {
    zh: '发票 {invoice} 不能勾选：{reason}',
    en: 'Invoice {invoice} cannot be selected: {reason}',
  },
  DEDUCTION_UNDO_REFUSED: {
    zh: '发票 {invoice} 不能撤销勾选：{reason}',
    en: 'The selection of invoice {invoice} cannot be undone: {reason}',
  },
  DEDUCTION_PENDING: {
    zh: '还有 {count} 张发票的勾选结果等待税局返回，请稍后再申请统计',
    en: '{count} selections are still waiting for the tax bureau; apply for statistics once they are settled',
  },
  DEDUCTION_NOTHING_SELECTED: {
    zh: '该所属期还没有已勾选的发票，不能申请统计',
    en: 'No invoice is selected for this period; there is nothing to count',
  },
  DEDUCTION_PERIOD_WRONG_STATE: {
    zh: '所属期当前状态为“{state}”，不能{action}',
    en: 'The period is {state}; it cannot be {action}',
  },
  DEDUCTION_WRONG_PASSWORD: {
    zh: '确认密码不正确',
    en: 'The confirmation password is not correct',
  },
  DEDUCTION_CONFIRM_LOCKED: {
    zh: '确认密码错误次数过多，请 {minutes} 分钟后再试',
    en: 'Too many wrong confirmation passwords; try again in {minutes} minutes',
  },
  DEDUCTION_BUREAU_REFUSED: {
    zh: '税局拒绝了该操作：所属期在税局的状态为“{state}”',
    en: 'The tax bureau refused: the period is {state} there',
  },
  DEDUCTION_BUREAU_UNAVAILABLE: {
    zh: '暂时无法连接税局，请稍后重试',
    en: 'The tax bureau cannot be reached right now; try again later',
  },
} as const satisfies Record<string, MessageText>;

/** The period states and actions as the messages above name them. */
export const DEDUCTION_PERIOD_STATE_TEXTS = {
  open: { zh: '可勾选', en: 'open' },
  stats_applied: { zh: '已申请统计', en: 'counted' },
  confirmed: { zh: '已确认', en: 'confirmed' },
} as const;
export const DEDUCTION_ACTION_TEXTS = {
  applyStats: { zh: '申请统计', en: 'counted' },
  undoStats: { zh: '撤销统计', en: 'reopened' },
  confirm: { zh: '确认', en: 'confirmed' },
} as const;
