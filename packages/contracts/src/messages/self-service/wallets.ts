import type { MessageText } from '../text.ts';

/** 电子发票卡包 (issue 30, lane WALLETS): the console's checks, the gateway's refusals, what a buyer is told. */
export const walletMessages = {
  'NOT_FOUND.wallet_account': { zh: '卡包账号不存在', en: 'The card-bag account does not exist' },
  WALLET_SIGNATURE_INVALID: {
    zh: '回调签名验证失败',
    en: 'The callback signature did not verify',
  },
  WALLET_NOTICE_INVALID: { zh: '回调内容无法识别', en: 'The callback could not be read' },
  WALLET_LIVE_UNAVAILABLE: {
    zh: '该账号未开启测试通道，而本环境无法连接{platform}开放平台，请开启测试通道或在可访问平台的环境中使用',
    en: 'This account is not on the test channel and this installation cannot reach {platform}; switch the test channel on or run where the platform is reachable',
  },
  WALLET_KEY_INVALID: {
    zh: '{field}无法解析，请粘贴完整的PEM或Base64内容',
    en: '{field} could not be read; please paste the whole PEM or its Base64 body',
  },
  WALLET_BUYER_REFUSED: {
    zh: '买方拒绝了插卡授权',
    en: 'The buyer declined to authorise the card',
  },
  WALLET_SANDBOX_BUSY: {
    zh: '卡包平台繁忙，稍后自动重试',
    en: 'The card-bag platform is busy; it will be retried automatically',
  },
  WALLET_CARD_FAILED: {
    zh: '放入卡包未成功，请稍后再试或联系销售方',
    en: 'The invoice did not go into the card bag; please try later or contact the seller',
  },
  WALLET_RETRY_NOT_FAILED: {
    zh: '只有插卡失败的记录可以重试',
    en: 'Only failed insertions can be retried',
  },
  WALLET_INVOICE_NOT_INSERTABLE: {
    zh: '该发票已作废或已红冲，不能放入卡包',
    en: 'This invoice is void or reversed and cannot go into a card bag',
  },
  WALLET_LINK_UNAVAILABLE: {
    zh: '发票链接无效或已过期，请使用销售方短信或邮件中的最新链接打开',
    en: 'This invoice link is invalid or expired; please open the latest link from the seller’s SMS or e-mail',
  },
} as const satisfies Record<string, MessageText>;
