import { DELIVERY_STATUSES, HAS_FILES_STATUSES, isDeliveryEmail, isDeliveryMobile } from '@fpy/domain';
import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { BUYER_API } from './buyer-pages.ts';

export * from './buyer-pages.ts';

/**
 * The buyer's public calls (issue 14 §4–5). The short code in the path is the only credential: no token, no id
 * from the address — a batch link's invoices are reached by their position `n` in that link, never by id.
 * Every route is limited per IP (rateLimited), and guessing codes is limited further by the module (misses per
 * IP). An unknown code answers 404 BUYER_LINK_UNKNOWN; an expired or disabled one 410 with its own code, in the
 * same shape, so the page can offer renewal; none of them says anything about an invoice.
 */
const TAG = 'delivery-buyer';

/** Any short text: a code of the wrong shape is simply unknown (the same 404), not a validation error. */
const code = z.string().max(64, '链接码不能超过64个字符');
const codeParams = z.object({ code });
/** Position of an invoice in its link: 0 for a single-invoice link. */
const position = z.coerce
  .number({ error: '发票序号须为整数' })
  .int('发票序号须为整数')
  .min(0, '发票序号不能小于0')
  .max(499, '发票序号不能大于499')
  .default(0);

/** The buyer's page shows every invoice that has files (a voided one says so). */
export const BUYER_INVOICE_STATES = HAS_FILES_STATUSES;

/**
 * One line as the invoice face prints it (项目名称, 规格型号, 单位, 数量, 单价, 金额, 税率/征收率, 税额) and nothing
 * more: no tax code, deduction or line kind. Figures carry the face's sign (negative on a red invoice).
 */
export const buyerInvoiceLine = z.object({
  name: z.string(),
  spec: z.string().nullable(),
  unit: z.string().nullable(),
  /** Decimal strings as stored (up to 13 decimals); the price is the one without tax, as on the face. */
  quantity: z.string().nullable(),
  unitPrice: z.string().nullable(),
  amountFen: z.number().int(),
  /** TaxRate of @fpy/domain (rate_13 …). */
  rate: z.string(),
  /** 'exempt' and 'non_taxable' print their name instead of the rate and *** for the tax. */
  policy: z.string().nullable(),
  taxFen: z.number().int(),
});
export type BuyerInvoiceLine = z.infer<typeof buyerInvoiceLine>;

export const buyerInvoice = z.object({
  /** Position in the link (download and send address it by this). */
  n: z.number().int(),
  /** InvoiceType of @fpy/domain (digital_special …). */
  type: z.string(),
  colour: z.enum(['blue', 'red']),
  status: z.enum(BUYER_INVOICE_STATES),
  number: z.string(),
  /** ISO time of issue. */
  issuedAt: z.string(),
  sellerName: z.string(),
  sellerCreditCode: z.string(),
  buyerName: z.string(),
  buyerTaxNumber: z.string().nullable(),
  /** 金额, 税额, 价税合计 in fen (negative on a red invoice). */
  amountFen: z.number().int(),
  taxFen: z.number().int(),
  totalFen: z.number().int(),
  /** A red invoice: the blue invoice it reverses. */
  blueNumber: z.string().nullable(),
  /** A blue invoice red-flushed (fully or partly): the numbers of the red invoices. */
  redNumbers: z.array(z.string()),
  /** False for a voided invoice: it is no longer a valid document, so no file and no forwarding. */
  downloadable: z.boolean(),
  /** The face's lines in their order. */
  lines: z.array(buyerInvoiceLine),
});
export type BuyerInvoice = z.infer<typeof buyerInvoice>;

export const buyerLinkReply = z.object({
  kind: z.enum(['single', 'batch']),
  /** ISO time the link stops working; null = never. */
  expiresAt: z.string().nullable(),
  invoices: z.array(buyerInvoice),
  /**
   * Offer 存入卡包 (/payInvoicingCardBag?c=<code>): the company has a WeChat Pay or Alipay card-bag account
   * enabled, and the link is one blue, issued invoice.
   */
  cardBag: z.boolean(),
});
export type BuyerLinkReply = z.infer<typeof buyerLinkReply>;

export const getBuyerLink = defineRoute({
  ...BUYER_API.link,
  permission: 'public',
  rateLimited: true,
  tag: TAG,
  summary:
    '购买方打开发票链接：凭短链码查看票面（销售方、购买方、明细行、金额、税额、价税合计、日期、号码、类型、状态）；open=1 计一次打开。未知链接 404，过期或停用 410',
  params: codeParams,
  query: z.object({ open: z.enum(['0', '1']).optional() }),
  reply: buyerLinkReply,
});

export const BUYER_FILE_FORMATS = ['pdf', 'xml', 'ofd'] as const;

export const downloadBuyerFile = defineRoute({
  ...BUYER_API.file,
  permission: 'public',
  rateLimited: true,
  tag: TAG,
  produces: 'file',
  summary: '购买方下载链接中发票的 PDF、数电 XML 或 OFD（n 为批量链接中的序号）；作废发票不可下载',
  params: codeParams.extend({
    format: z.enum(BUYER_FILE_FORMATS, { error: '文件格式只能是 pdf、xml 或 ofd' }),
  }),
  query: z.object({ n: position }),
});

export const downloadBuyerZip = defineRoute({
  ...BUYER_API.zip,
  permission: 'public',
  rateLimited: true,
  tag: TAG,
  produces: 'file',
  summary: '购买方一次下载批量链接中全部可下载发票的 PDF（ZIP）',
  params: codeParams,
});

export const BUYER_CHANNELS = ['email', 'sms'] as const;
export type BuyerChannel = (typeof BUYER_CHANNELS)[number];

/**
 * The address the buyer typed: an e-mail for 'email', a mainland mobile for 'sms' (the rule of @fpy/domain the
 * console and the dispatcher apply), each under its own field name so a refusal names it.
 */
const target = z.discriminatedUnion(
  'channel',
  [
    z.object({
      channel: z.literal('email'),
      email: z.string().trim().max(128, '邮箱不能超过128个字符').refine(isDeliveryEmail, '邮箱格式不正确'),
      n: position,
    }),
    z.object({
      channel: z.literal('sms'),
      mobile: z.string().trim().refine(isDeliveryMobile, '手机号格式不正确，须为11位中国大陆手机号'),
      n: position,
    }),
  ],
  { error: '发送方式只能是 email 或 sms' },
);
export type BuyerTarget = z.infer<typeof target>;

/** 'none' (nothing asked for this address) and the delivery states of @fpy/domain. */
export const BUYER_DELIVERY_STATES = ['none', ...DELIVERY_STATUSES] as const;
export type BuyerDeliveryState = (typeof BUYER_DELIVERY_STATES)[number];

export const buyerDeliveryReply = z.object({
  channel: z.enum(BUYER_CHANNELS),
  /** 138****0000, z***@example.com. */
  maskedRecipient: z.string(),
  /** none = nothing was asked for this address through this link. */
  status: z.enum(BUYER_DELIVERY_STATES),
  /** Why it failed, in the request's language (the provider's own message when it gave one). */
  reason: z.string().nullable(),
  /** ISO time of the last change. */
  updatedAt: z.string().nullable(),
});
export type BuyerDeliveryReply = z.infer<typeof buyerDeliveryReply>;

export const sendBuyerInvoice = defineRoute({
  ...BUYER_API.send,
  permission: 'public',
  rateLimited: true,
  tag: TAG,
  summary:
    '购买方将链接中的发票发送到邮箱（转发）或把发票链接发到手机：经发送管道（短信余量、黑白名单与频率控制照常生效）',
  params: codeParams,
  body: target,
  reply: buyerDeliveryReply,
});

export const getBuyerDeliveryStatus = defineRoute({
  ...BUYER_API.status,
  permission: 'public',
  rateLimited: true,
  tag: TAG,
  summary: '购买方查看经本链接发往某邮箱或手机的发票的发送进度与结果（地址放在请求体中，不进日志）',
  params: codeParams,
  body: target,
  reply: buyerDeliveryReply,
});

export const renewBuyerLink = defineRoute({
  ...BUYER_API.renew,
  permission: 'public',
  rateLimited: true,
  tag: TAG,
  summary:
    '购买方为已过期的发票链接申请延期：每个链接可延期一次，延长企业设置的链接有效期天数；停用的链接、作废的发票不能延期',
  params: codeParams,
  reply: z.object({ expiresAt: z.string().nullable() }),
});

export const openShortLink = defineRoute({
  ...BUYER_API.short,
  permission: 'public',
  rateLimited: true,
  tag: TAG,
  produces: 'file',
  summary: '短链接：302 跳转到发票查看页 /smsDetail?c=<code>（不查询数据库，链接是否有效由该页判断）',
  params: codeParams,
});
