import type { MessageText } from '../text.ts';

/** The buyer's public delivery pages (issue 14 §4): links, downloads, forwarding, renewal. */
export const deliveryBuyerMessages = {
  BUYER_LINK_UNKNOWN: {
    zh: '链接无效，请核对短信或邮件中的发票链接',
    en: 'This link is not valid; please check the invoice link in the SMS or e-mail',
  },
  BUYER_LINK_EXPIRED: {
    zh: '发票链接已过期，可申请延期或联系开票方重新发送',
    en: 'This invoice link has expired; you can ask for an extension or ask the seller to send it again',
  },
  BUYER_LINK_DISABLED: {
    zh: '发票链接已被开票方停用，请联系开票方',
    en: 'The seller has disabled this invoice link; please contact the seller',
  },
  BUYER_INVOICE_NOT_IN_LINK: {
    zh: '该链接中没有第 {n} 张发票',
    en: 'This link has no invoice number {n}',
  },
  BUYER_INVOICE_VOID: {
    zh: '该发票已作废，不能下载或发送',
    en: 'This invoice has been voided and can no longer be downloaded or sent',
  },
  BUYER_NOTHING_TO_DOWNLOAD: {
    zh: '该链接中没有可下载的发票',
    en: 'This link has no invoice that can be downloaded',
  },
  BUYER_LINK_RENEW_USED: {
    zh: '该链接已延期过一次，不能再次延期，请联系开票方重新发送',
    en: 'This link has already been extended once; please ask the seller to send the invoice again',
  },
  BUYER_LINK_RENEW_NOT_NEEDED: {
    zh: '该链接仍在有效期内，无需延期',
    en: 'This link is still valid; it does not need an extension',
  },
} as const satisfies Record<string, MessageText>;
