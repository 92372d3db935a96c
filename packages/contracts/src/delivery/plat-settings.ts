import { z } from 'zod';
import { blankAsNull, multilineText, text } from '../common.ts';
import { defineRoute } from '../route.ts';
import { deliverySettings } from './delivery-settings.ts';

/**
 * 开票平台设置 (spec §2.12 /invoicePlat): what a company tells its buyers and how its invoices reach them. Each
 * setting is one tenant_parameters row (key below), read and written as a whole; the company is always the
 * caller's own (no tenant id travels), so one company can never name another's.
 */
const tag = 'invoice-plat';
const PLAT = '/api/admin/v1/plat';

// ---------------------------------------------------------------------------------------------------------
// Shared field rules

/** Mobile, landline with area code (and extension), 400/800 hotlines, 95xxx/96xxx service numbers. */
export const HOTLINE_RE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?|[48]00-?\d{3}-?\d{4}|9[56]\d{3,6})$/;
export const hotlineField = (label: string) =>
  blankAsNull(
    z
      .string()
      .trim()
      .max(20, `${label}格式不正确`)
      .regex(HOTLINE_RE, `${label}格式不正确（手机号、带区号的座机、400/800 或 95/96 开头的服务号码）`),
  );

export const emailAddressField = (label: string) =>
  blankAsNull(z.string().trim().max(128, `${label}不能超过128个字符`).email(`${label}格式不正确`));

const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname.includes('.');
  } catch {
    return false;
  }
};
export const websiteField = (label: string) =>
  blankAsNull(
    z
      .string()
      .trim()
      .max(200, `${label}不能超过200个字符`)
      .refine(isHttpUrl, `${label}格式不正确（须以 http:// 或 https:// 开头的网址）`),
  );

/**
 * 短信签名 as Alibaba Cloud and Tencent Cloud accept it: 2–12 characters, Chinese characters, letters and
 * digits only, not digits alone. Typed with its 【】 it is taken without them (the provider adds them).
 */
export const SIGN_NAME_RE = /^[\u4e00-\u9fa5A-Za-z0-9]{2,12}$/;
export const signNameField = (label = '短信签名') =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .transform((s) => s.replace(/^【(.*)】$/, '$1').trim())
    .pipe(
      z
        .string()
        .min(1, `请输入${label}`)
        .regex(SIGN_NAME_RE, `${label}格式不正确（2–12个汉字、字母或数字）`)
        .refine((s) => !/^\d+$/.test(s), `${label}格式不正确（不能全为数字）`),
    );

// ---------------------------------------------------------------------------------------------------------
// 企业信息 (companyinfo)

export const COMPANY_INFO_KEY = 'companyInfo';

/** A logo is an image this product wrote through the upload below; nothing else is linked. */
export const UPLOADED_IMAGE_RE = /^\/uploads\/[0-9a-f-]{36}\.(png|jpg)$/;

export const companyInfoInput = z.object({
  /** The name buyers see on delivery pages and in messages (may be shorter than the registered name). */
  displayName: text(50, '显示名称').min(1, '请输入显示名称'),
  logoUrl: blankAsNull(z.string().trim().max(80).regex(UPLOADED_IMAGE_RE, '企业标识格式不正确，请重新上传')),
  hotline: hotlineField('客服电话'),
  /** Reply-To of delivery e-mails: buyers' answers reach the company, not the sending mailbox. */
  replyEmail: emailAddressField('回复邮箱'),
  address: blankAsNull(text(200, '联系地址')),
  website: websiteField('企业网站'),
});
export type CompanyInfoInput = z.input<typeof companyInfoInput>;
/** (Not system/company.ts CompanyInfo, the registration record.) */
export type BuyerFacingCompany = z.output<typeof companyInfoInput>;

export const companyInfoReply = z.object({
  displayName: z.string(),
  logoUrl: z.string().nullable(),
  hotline: z.string().nullable(),
  replyEmail: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  /** Null until the company saves the form (the reply then shows defaults from its registration). */
  updatedAt: z.string().nullable(),
});
export type CompanyInfoReply = z.infer<typeof companyInfoReply>;

export const getCompanyInfo = defineRoute({
  method: 'GET',
  path: `${PLAT}/company-info`,
  permission: 'companyinfo',
  tag,
  summary: '企业信息（交付页面与消息中展示给购买方）',
  reply: companyInfoReply,
});

export const saveCompanyInfo = defineRoute({
  method: 'PUT',
  path: `${PLAT}/company-info`,
  permission: 'companyinfo:btn_edit',
  tag,
  summary: '保存企业信息',
  body: companyInfoInput,
  reply: companyInfoReply,
});

/** Multipart `file`: PNG, JPEG or SVG ≤ 2 MB, rewritten as PNG/JPEG; the form then saves the returned URL. */
export const uploadCompanyLogo = defineRoute({
  method: 'POST',
  path: `${PLAT}/company-info/logo`,
  permission: 'companyinfo:btn_edit',
  tag,
  consumes: 'multipart',
  summary: '上传企业标识（交付页面展示用，保存企业信息后生效）',
  reply: z.object({ url: z.string() }),
});

// ---------------------------------------------------------------------------------------------------------
// 短信签名 (sms) — spec §7 POST /api/admin/enterpriseParameterSetting/sms

export const SMS_SIGNATURE_KEY = 'sms';

/** 签名来源 as the providers' signature application asks for it. */
export const SIGN_SOURCES = ['company', 'website', 'app', 'officialAccount', 'trademark'] as const;

export const smsSignatureInput = z.object({
  signName: signNameField(),
  signSource: z.enum(SIGN_SOURCES, {
    message: '签名来源只能是企事业单位名称、网站、APP、公众号或小程序、商标',
  }),
  /** 使用说明 for the provider's review (what the messages are, to whom). */
  remark: blankAsNull(multilineText(200, '签名用途说明')),
});
export type SmsSignatureInput = z.input<typeof smsSignatureInput>;
export type SmsSignature = z.output<typeof smsSignatureInput>;

export const smsSignatureReply = z.object({
  signName: z.string().nullable(),
  signSource: z.enum(SIGN_SOURCES).nullable(),
  remark: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type SmsSignatureReply = z.infer<typeof smsSignatureReply>;

export const getSmsSignature = defineRoute({
  method: 'GET',
  path: '/api/admin/enterpriseParameterSetting/sms',
  permission: 'sms',
  tag,
  summary: '本企业的短信签名（未设置时为空，发送时使用平台签名）',
  reply: smsSignatureReply,
});

export const saveSmsSignature = defineRoute({
  method: 'POST',
  path: '/api/admin/enterpriseParameterSetting/sms',
  permission: 'sms:btn_edit',
  tag,
  summary: '设置本企业的短信签名',
  body: smsSignatureInput,
  reply: smsSignatureReply,
});

// ---------------------------------------------------------------------------------------------------------
// 电子发票交付设置 (zzsdzfp): the deliverySettings contract, stored under 'delivery'

export const deliverySettingsReply = deliverySettings.extend({
  updatedAt: z.string().nullable(),
  /** The address the links in mail and SMS start with (the server's PUBLIC_BASE_URL, or the local server). */
  publicBaseUrl: z.string(),
  /** True while that address is this machine only (localhost, 127.x, ::1): buyers cannot open the links. */
  publicBaseUrlIsLoopback: z.boolean(),
});

export const getDeliverySettings = defineRoute({
  method: 'GET',
  path: `${PLAT}/delivery-settings`,
  permission: 'zzsdzfp',
  tag,
  summary: '电子发票交付设置（未保存时为默认值）',
  reply: deliverySettingsReply,
});

const count = (label: string, max: number) =>
  z
    .number({ error: `${label}须为整数` })
    .int(`${label}须为整数`)
    .min(0, `${label}不能小于0`)
    .max(max, `${label}不能大于${max}`);

export const saveDeliverySettings = defineRoute({
  method: 'PUT',
  path: `${PLAT}/delivery-settings`,
  permission: 'zzsdzfp:btn_edit',
  tag,
  summary: '保存电子发票交付设置',
  body: deliverySettings.extend({
    linkTtlDays: count('链接有效天数', 3650),
    attachMaxKb: count('附件大小上限', 20480),
  }),
  reply: deliverySettingsReply,
});

// ---------------------------------------------------------------------------------------------------------
// 码牌页面 (codeCardPage) — spec §7 POST /api/admin/enterpriseParameterSetting/codeCardPage

export const CODE_CARD_KEY = 'codeCardPage';

/** How a buyer field shows on the scan page: must be filled, may be filled, or is not asked. */
export const FIELD_MODES = ['required', 'optional', 'hidden'] as const;
const fieldMode = (label: string) => z.enum(FIELD_MODES, { message: `${label}只能是必填、选填或不显示` });

export const codeCardPageInput = z.object({
  /** Heading of the page a buyer opens by scanning the company's 码牌. */
  title: text(30, '页面标题').min(1, '请输入页面标题'),
  /** Shown above the form (开票须知: which items, how long issuing takes). */
  notice: blankAsNull(multilineText(500, '开票须知')),
  /** Shown after the request is submitted. */
  successText: blankAsNull(text(100, '提交成功提示')),
  /** Individuals (个人抬头) may ask for an invoice; a company title always needs its 纳税人识别号. */
  allowPersonal: z.boolean({ error: '是否允许个人抬头须为是或否' }),
  /** Buyers may ask for a 专用发票 (only companies; address, phone, bank and account then become required). */
  allowSpecial: z.boolean({ error: '是否允许申请专票须为是或否' }),
  fields: z.object({
    email: fieldMode('邮箱'),
    mobile: fieldMode('手机号'),
    addressPhone: fieldMode('地址电话'),
    bankAccount: fieldMode('开户行及账号'),
  }),
});
export type CodeCardPageInput = z.input<typeof codeCardPageInput>;
export type CodeCardPage = z.output<typeof codeCardPageInput>;

export const DEFAULT_CODE_CARD_PAGE: CodeCardPage = {
  title: '扫码开票',
  notice: null,
  successText: null,
  allowPersonal: true,
  allowSpecial: false,
  fields: { email: 'optional', mobile: 'optional', addressPhone: 'optional', bankAccount: 'optional' },
};

export const codeCardPageReply = codeCardPageInput.extend({ updatedAt: z.string().nullable() });

export const getCodeCardPage = defineRoute({
  method: 'GET',
  path: '/api/admin/enterpriseParameterSetting/codeCardPage',
  permission: 'zzsdzfp',
  tag,
  summary: '码牌扫码开票页面设置（未保存时为默认值）',
  reply: codeCardPageReply,
});

export const saveCodeCardPage = defineRoute({
  method: 'POST',
  path: '/api/admin/enterpriseParameterSetting/codeCardPage',
  permission: 'zzsdzfp:btn_codeCard',
  tag,
  summary: '保存码牌扫码开票页面设置',
  body: codeCardPageInput,
  reply: codeCardPageReply,
});

// ---------------------------------------------------------------------------------------------------------
// 发票模板 (fpmb): the layout options of the company's PDFs that the renderer honours

export const INVOICE_LAYOUT_KEY = 'invoiceLayout';

export const invoiceLayoutInput = z.object({
  /** Stamp the uploaded 发票专用章 (开票人设置) on the PDF. */
  stampSeal: z.boolean({ error: '是否加盖发票专用章须为是或否' }),
  /** Print 收款人 and 复核人 at the end of the 备注 box (the 数电 face has no fields of its own for them). */
  payeeReviewerInRemarks: z.boolean({ error: '是否在备注栏显示收款人、复核人须为是或否' }),
});
export type InvoiceLayout = z.output<typeof invoiceLayoutInput>;
export const DEFAULT_INVOICE_LAYOUT: InvoiceLayout = { stampSeal: true, payeeReviewerInRemarks: true };

export const invoiceLayoutReply = invoiceLayoutInput.extend({
  updatedAt: z.string().nullable(),
  /** Whether the company has uploaded a seal (the stamp option does nothing without one). */
  hasSeal: z.boolean(),
});

export const getInvoiceLayout = defineRoute({
  method: 'GET',
  path: `${PLAT}/invoice-layout`,
  permission: 'fpmb',
  tag,
  summary: '发票版式选项（未保存时为默认值）',
  reply: invoiceLayoutReply,
});

export const saveInvoiceLayout = defineRoute({
  method: 'PUT',
  path: `${PLAT}/invoice-layout`,
  permission: 'fpmb:btn_edit',
  tag,
  summary: '保存发票版式选项（对此后生成的版式文件生效）',
  body: invoiceLayoutInput,
  reply: invoiceLayoutReply,
});

// ---------------------------------------------------------------------------------------------------------
// 消息模板 (template): the resource is declared in @fpy/resources (tenantTemplates); these are its shared rules

/** The longest SMS the providers take as one long message (text, signature included). */
export const SMS_MAX_CHARS = 500;

/**
 * The sample invoice the template page previews with and the server measures an SMS by. The link has the
 * length of a real short link (origin + 12-character code), so the segment count shown is what a buyer gets.
 */
export const TEMPLATE_SAMPLE: Readonly<Record<string, string>> = {
  buyerName: '上海示例贸易有限公司',
  sellerName: '演示科技有限公司',
  invoiceNumber: '24312000000012345678',
  amount: '1,130.00',
  issueDate: '2024-05-14',
  link: 'https://fp.example.cn/s/Ab3dE6gH9jK2',
};
