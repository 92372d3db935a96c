import type { MessageText } from '../text.ts';

/** 码牌 (issue 30 §1–3): the console's checks and what a buyer scanning a board is told. */
export const codeBoardMessages = {
  CODE_BOARD_UNAVAILABLE: {
    zh: '该码牌暂不可用，请向收银员索取小票上的开票二维码，或扫描柜台上的其他码牌',
    en: 'This code board is not available; please ask the cashier for the invoice QR code on your receipt, or scan another board at the counter',
  },
  CODE_BOARD_OVER_CAP: {
    zh: '单笔开票金额不能超过{cap}元，请分笔申请或联系收银员开票',
    en: 'One request may ask for at most ¥{cap}; please split the amount or ask the cashier to invoice it',
  },
  CODE_BOARD_CATEGORY_REFUSED: {
    zh: '该码牌不能开具所选类别，请从列表中选择',
    en: 'This board cannot invoice the chosen category; please pick one from the list',
  },
  CODE_BOARD_CATEGORY_UNKNOWN: {
    zh: '商品类别不存在：{ids}',
    en: 'No such goods categories: {ids}',
  },
  CODE_BOARD_CAP_OVER_CEILING: {
    zh: '单笔上限不能超过码牌管控的上限{max}元',
    en: 'The cap may not exceed the ceiling of ¥{max} set in code-board control',
  },
  CODE_BOARD_CONTROL_DUPLICATE: {
    zh: '该企业已有码牌管控设置，请编辑已有设置',
    en: 'This company already has code-board control settings; please edit them',
  },
  CODE_BOARD_DAILY_LIMIT: {
    zh: '该码牌今日的开票申请已达上限，请明天再试或联系收银员',
    en: 'This board has taken all the requests it may take today; please try tomorrow or ask the cashier',
  },
  CODE_BOARD_TITLE_INVALID: {
    zh: '发票抬头有误：{problems}',
    en: 'Please check the invoice title: {problems}',
  },
  CODE_BOARD_REQUEST_UNKNOWN: {
    zh: '未找到该开票申请，请重新扫描码牌',
    en: 'This invoice request was not found; please scan the board again',
  },
} as const satisfies Record<string, MessageText>;
