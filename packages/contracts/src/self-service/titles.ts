import {
  APPROVAL_MODES,
  BUYER_CHANNELS,
  FIELD_NEEDS,
  MAX_AMOUNT_FEN,
  SELF_SERVICE_INVOICE_TYPES,
} from '@fpy/domain';
import { z } from 'zod';
import { blankText, multilineText } from '../common.ts';
import { defineRoute } from '../route.ts';
import { TITLE_API, TITLE_SEARCH_LIMIT } from './title-api.ts';

export * from './title-api.ts';

/**
 * 扫码抬头设置 (/systemSetupManager/scanTitle) and 扫码开票设置 (/systemSetupManager/scanInvoice) of a tenant, and the
 * buyer's public title help (issue 30 §1, §3).
 *
 * - scanTitle = the buyer form: which of e-mail, mobile, remarks, address+bank the buyer must / may / never fill,
 *   the invoice types offered and the default one, whether natural persons may ask, the approval rule (auto,
 *   manual, auto up to an amount) and the delivery channels. The submit verbs of scan orders and code boards read
 *   it through the titles module's face (buyerFormRules) and check every title with @fpy/domain checkBuyerTitle.
 * - scanInvoice = the switches and texts the buyer sees: 扫码开票 on or off, which title helps are offered
 *   (search, QR upload, titles remembered on the device), the name shown, a welcome line, the notice, a hotline.
 *
 * The code in a public path is the only credential (an order's or a board's); an unknown, forged, expired or
 * switched-off code answers the same 404 TITLE_CODE_UNKNOWN. Search answers names and tax numbers only.
 */
const TAG = 'self-service-titles';
const API = '/api/self-service/titles';

const need = z.enum(FIELD_NEEDS, { error: '字段要求须为 required、optional 或 hidden' });
const capFen = z
  .number({ error: '自动审核上限须为以分计的整数' })
  .int('自动审核上限须为以分计的整数')
  .min(1, '自动审核上限须大于0')
  .max(MAX_AMOUNT_FEN, '自动审核上限超出范围');

export const approvalRule = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('auto') }),
    z.object({ mode: z.literal('manual') }),
    z.object({ mode: z.literal('auto_below'), capFen }),
  ],
  { error: `审核方式须为 ${APPROVAL_MODES.join('、')} 之一` },
);

const invoiceType = z.enum(SELF_SERVICE_INVOICE_TYPES, { error: '发票类型不在可选范围内' });

/** The buyer form (scanTitle): BuyerFormRules of @fpy/domain. */
export const scanTitleSettings = z
  .object({
    fields: z.object({ email: need, mobile: need, remarks: need, addressBank: need }),
    invoiceTypes: z
      .array(invoiceType)
      .min(1, '至少选择一种发票类型')
      .max(SELF_SERVICE_INVOICE_TYPES.length, '发票类型过多')
      .refine((a) => new Set(a).size === a.length, '发票类型不能重复'),
    defaultInvoiceType: invoiceType,
    naturalPersonAllowed: z.boolean({ error: '是否允许个人须为是或否' }),
    approval: approvalRule,
    channels: z
      .array(z.enum(BUYER_CHANNELS, { error: '交付方式须为 sms、email 或 card_bag' }))
      .max(BUYER_CHANNELS.length, '交付方式过多')
      .refine((a) => new Set(a).size === a.length, '交付方式不能重复'),
  })
  .refine((s) => s.invoiceTypes.includes(s.defaultInvoiceType), {
    message: '默认发票类型须在可选发票类型中',
    path: ['defaultInvoiceType'],
  })
  // A channel needs its field on the form: e-mail delivery to a buyer never asked for an address cannot work.
  .refine((s) => !s.channels.includes('email') || s.fields.email !== 'hidden', {
    message: '选择邮件交付时，邮箱不能设为不显示',
    path: ['channels'],
  })
  .refine((s) => !s.channels.includes('sms') || s.fields.mobile !== 'hidden', {
    message: '选择短信交付时，手机号不能设为不显示',
    path: ['channels'],
  });
export type ScanTitleSettings = z.infer<typeof scanTitleSettings>;
/** The buyer form as other public replies embed it (a scan order's, a code board's): the same schema. */
export const buyerFormRulesView = scanTitleSettings;

/** The buyer-facing switches and texts (scanInvoice). */
export const scanInvoiceSettings = z.object({
  /**
   * 扫码开票 open to buyers; off: the title pages say the seller has paused it, and scan orders and code boards ask
   * the titles module's face (scanInvoiceOpen) before taking a request.
   */
  enabled: z.boolean({ error: '是否开启须为是或否' }),
  /** Offer the search of company titles as the buyer types. */
  titleSearch: z.boolean({ error: '抬头搜索须为是或否' }),
  /** Offer the title QR / image upload. */
  titleUpload: z.boolean({ error: '抬头上传须为是或否' }),
  /** Let the phone remember the buyer's titles (kept on the device only). */
  rememberTitles: z.boolean({ error: '记住抬头须为是或否' }),
  /** The name the buyer sees; blank = the company's name. */
  shopName: blankText(40, '展示名称'),
  /** One line at the top of the buyer's page. */
  welcome: blankText(100, '欢迎语'),
  /** 开票须知 under the form. */
  notice: multilineText(500, '开票须知')
    .nullish()
    .transform((v) => v || null),
  /** A hotline for buyers. */
  contactPhone: blankText(30, '客服电话'),
});
export type ScanInvoiceSettings = z.infer<typeof scanInvoiceSettings>;

const stamp = { updatedAt: z.string().nullable() };

export const getScanTitleSettings = defineRoute({
  method: 'GET',
  path: `${API}/scan-title`,
  permission: 'scanTitle',
  tag: TAG,
  summary: '扫码抬头设置（未保存时为默认值）',
  reply: scanTitleSettings.and(z.object(stamp)),
});

export const saveScanTitleSettings = defineRoute({
  method: 'PUT',
  path: `${API}/scan-title`,
  permission: 'scanTitle:btn_edit',
  tag: TAG,
  summary: '保存扫码抬头设置',
  body: scanTitleSettings,
  reply: scanTitleSettings.and(z.object(stamp)),
});

export const getScanInvoiceSettings = defineRoute({
  method: 'GET',
  path: `${API}/scan-invoice`,
  permission: 'scanInvoice',
  tag: TAG,
  summary: '扫码开票设置（未保存时为默认值）',
  reply: scanInvoiceSettings.extend(stamp),
});

export const saveScanInvoiceSettings = defineRoute({
  method: 'PUT',
  path: `${API}/scan-invoice`,
  permission: 'scanInvoice:btn_edit',
  tag: TAG,
  summary: '保存扫码开票设置',
  body: scanInvoiceSettings,
  reply: scanInvoiceSettings.extend(stamp),
});

// ---------------------------------------------------------------------------------------------------------
// The buyer's public title help

/** Any short text: a code of the wrong shape is simply unknown (the same 404), not a validation error. */
const codeParams = z.object({ code: z.string().max(64, '码不能超过64个字符') });

export const buyerTitleForm = z.object({
  /** The name the buyer sees (the shop name, else the company's). */
  sellerName: z.string(),
  enabled: z.boolean(),
  rules: scanTitleSettings,
  helps: z.object({ search: z.boolean(), upload: z.boolean(), remember: z.boolean() }),
  welcome: z.string().nullable(),
  notice: z.string().nullable(),
  contactPhone: z.string().nullable(),
});
export type BuyerTitleForm = z.infer<typeof buyerTitleForm>;

export const getBuyerTitleForm = defineRoute({
  method: TITLE_API.form.method,
  path: TITLE_API.form.path,
  permission: 'public',
  rateLimited: true,
  tag: TAG,
  summary: '买方抬头表单：开票方的扫码抬头规则与提示（按码）',
  params: codeParams,
  reply: buyerTitleForm,
});

export const titleSuggestion = z.object({
  name: z.string(),
  taxNumber: z.string(),
  /** 'customer': one of the seller's customers; 'known': a company the platform has seen on issued invoices. */
  source: z.enum(['customer', 'known']),
});
export type TitleSuggestion = z.infer<typeof titleSuggestion>;

export const searchBuyerTitles = defineRoute({
  method: TITLE_API.search.method,
  path: TITLE_API.search.path,
  permission: 'public',
  rateLimited: true,
  tag: TAG,
  summary: '抬头联想：按名称或税号搜索企业抬头（仅名称与税号）',
  params: codeParams,
  query: z.object({ q: z.string().max(100, '搜索内容不能超过100个字符').default('') }),
  reply: z.object({ items: z.array(titleSuggestion).max(TITLE_SEARCH_LIMIT) }),
});
