import type { MessageText } from '../text.ts';

/** 入账编码规则 (issue 31, /receiptsInvoice/codeUpdate, lane PSTATS). */
export const codeUpdateMessages = {
  CODE_RULE_DUPLICATE: {
    zh: '已有相同匹配方式、匹配内容“{match}”和销售方的规则，请修改原规则',
    en: 'A rule with the same match type, match "{match}" and seller already exists; edit that rule instead',
  },
} as const satisfies Record<string, MessageText>;
