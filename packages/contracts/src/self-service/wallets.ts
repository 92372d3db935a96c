import { SECRET_MASK, type SecretDestinations } from '@fpy/domain';
import { z } from 'zod';
import { idArray, idSchema, okReply, pageQuery, pageReply, text } from '../common.ts';
import type { MessageText } from '../messages/text.ts';
import { defineRoute } from '../route.ts';
import { type SettingsField, settingsFields } from '../settings.ts';
import {
  WALLET_API,
  WALLET_BUYER_RE,
  WALLET_CARD_STATES,
  WALLET_PLATFORMS,
  type WalletPlatform,
} from './wallet-api.ts';

export * from './wallet-api.ts';
export { SECRET_MASK };

/**
 * 电子发票卡包 (issue 30 §1–2, lane WALLETS): a tenant's WeChat Pay and Alipay accounts (/systemSetupManager/wxSet,
 * zfbSet — one form per platform drawn from the schemas below), the card insertions (wechatList, alipayList) and
 * the buyer's public calls. Secrets never leave the server: answers carry SECRET_MASK in their place, and a save
 * that sends it back keeps the stored one only while its destination fields are unchanged.
 */
const TAG = 'self-service-wallets';

/** A PEM key or certificate, or its Base64 body alone (a one-line form field cannot keep line breaks). */
const pem = (label: string) =>
  z
    .string()
    .trim()
    .max(8192, `${label}不能超过8192个字符`)
    .regex(/^[A-Za-z0-9+/=\s-]*$/, `${label}应为PEM格式或其Base64内容`);
const host = (fallback: string) =>
  z
    .string()
    .trim()
    .max(128, '接入地址不能超过128个字符')
    .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, '接入地址应为域名或 域名:端口')
    .default(fallback);

/** 微信支付 API v3 (电子发票 / 微信卡包): merchant, app, merchant key pair, API v3 key, the platform's certificate. */
export const wechatWalletConfig = z.object({
  appId: z
    .string()
    .trim()
    .regex(/^wx[0-9a-f]{16}$/, 'AppID应为wx加16位十六进制'),
  mchId: z
    .string()
    .trim()
    .regex(/^\d{8,12}$/, '商户号应为8–12位数字'),
  serialNo: z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f]{8,64}$/, '商户证书序列号应为十六进制'),
  privateKey: pem('商户私钥').or(z.literal(SECRET_MASK)).optional(),
  apiV3Key: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9]{32})?$/, 'APIv3密钥应为32位字母或数字')
    .or(z.literal(SECRET_MASK))
    .optional(),
  platformCert: pem('平台证书').optional(),
  endpoint: host('api.mch.weixin.qq.com'),
  sandbox: z.boolean().default(false),
});

/** 支付宝开放平台 (发票管家 / 卡包): the app, its private key (RSA2), Alipay's public key for the callbacks. */
export const alipayWalletConfig = z.object({
  appId: z
    .string()
    .trim()
    .regex(/^\d{16}$/, 'APPID应为16位数字'),
  privateKey: pem('应用私钥').or(z.literal(SECRET_MASK)).optional(),
  alipayPublicKey: pem('支付宝公钥').optional(),
  endpoint: host('openapi.alipay.com'),
  sandbox: z.boolean().default(false),
});

export const WALLET_CONFIG = { wechat: wechatWalletConfig, alipay: alipayWalletConfig } as const;

/** Each secret with the fields of the destination it goes to (kept when sent back masked only while unchanged). */
export const WALLET_SECRET_DESTINATIONS: Record<WalletPlatform, SecretDestinations> = {
  wechat: {
    privateKey: ['appId', 'mchId', 'serialNo', 'endpoint'],
    apiV3Key: ['mchId', 'endpoint'],
  },
  alipay: { privateKey: ['appId', 'endpoint'] },
};
export const WALLET_SECRET_FIELDS: Record<WalletPlatform, readonly string[]> = {
  wechat: ['privateKey', 'apiV3Key'],
  alipay: ['privateKey'],
};
/** The field the outbound guard checks on save. */
export const WALLET_HOST_FIELD = 'endpoint';

const t = (zh: string, en: string): MessageText => ({ zh, en });
const pemHelp = t(
  '粘贴PEM内容，或去掉首尾行的Base64',
  'Paste the PEM, or its Base64 body without the BEGIN/END lines',
);
const endpointMeta = (fallback: string) => ({
  label: t('接入地址', 'Endpoint'),
  help: t(`默认 ${fallback}`, `Default ${fallback}`),
  placeholder: fallback,
  span: 14,
});
const sandboxMeta = {
  label: t('测试通道（沙箱）', 'Test channel (sandbox)'),
  help: t(
    '开启后经内置沙箱插卡并回调，不连接平台',
    'On: cards go through the embedded sandbox, which calls back; the platform is not contacted',
  ),
  span: 10,
};

/** The form of each platform's account (lib/settings-fields.tsx draws it). */
export const WALLET_SETTINGS: Record<WalletPlatform, readonly SettingsField[]> = {
  wechat: settingsFields(
    wechatWalletConfig,
    {
      appId: { label: t('AppID', 'AppID'), placeholder: 'wx0123456789abcdef', span: 12 },
      mchId: { label: t('商户号', 'Merchant number'), placeholder: '1900000001', span: 12 },
      serialNo: { label: t('商户证书序列号', 'Merchant certificate serial'), span: 24 },
      privateKey: {
        label: t('商户API私钥', 'Merchant API private key'),
        help: pemHelp,
        requiredOnCreate: true,
      },
      apiV3Key: { label: t('APIv3密钥', 'API v3 key'), requiredOnCreate: true },
      platformCert: {
        label: t('微信支付平台证书/公钥', 'WeChat Pay platform certificate / public key'),
        help: t('用于验证回调签名（PEM或Base64）', 'Verifies the callbacks’ signatures (PEM or Base64)'),
      },
      endpoint: endpointMeta('api.mch.weixin.qq.com'),
      sandbox: sandboxMeta,
    },
    WALLET_SECRET_FIELDS.wechat,
  ),
  alipay: settingsFields(
    alipayWalletConfig,
    {
      appId: { label: t('APPID', 'APPID'), placeholder: '2021000000000000', span: 12 },
      privateKey: {
        label: t('应用私钥（RSA2）', 'App private key (RSA2)'),
        help: pemHelp,
        requiredOnCreate: true,
      },
      alipayPublicKey: {
        label: t('支付宝公钥', 'Alipay public key'),
        help: t('用于验证回调签名（PEM或Base64）', 'Verifies the callbacks’ signatures (PEM or Base64)'),
      },
      endpoint: endpointMeta('openapi.alipay.com'),
      sandbox: sandboxMeta,
    },
    WALLET_SECRET_FIELDS.alipay,
  ),
};

// ---------------------------------------------------------------------------------------------------------
// Accounts (wxSet, zfbSet)

export const walletAccountBody = z.object({
  name: text(64, '账号名称'),
  priority: z
    .number()
    .int('优先级须为整数')
    .min(0, '优先级不能小于0')
    .max(999, '优先级不能大于999')
    .default(10),
  weight: z.number().int('权重须为整数').min(1, '权重至少为1').max(100, '权重不能大于100').default(1),
  enabled: z.boolean().default(true),
  remark: text(200, '备注').optional().nullable(),
  config: z.record(z.string(), z.unknown()),
});
export type WalletAccountBody = z.infer<typeof walletAccountBody>;
/** One platform's account as its routes take it: the settings typed by the platform's schema (the document shows them). */
const accountBodyOf = (platform: WalletPlatform) =>
  walletAccountBody.extend({ config: WALLET_CONFIG[platform] });
export type WalletAccountBodyInput = z.input<typeof walletAccountBody>;

export const walletAccountRow = z.object({
  id: z.number().int(),
  platform: z.enum(WALLET_PLATFORMS),
  name: z.string(),
  priority: z.number().int(),
  weight: z.number().int(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  /** Secrets masked. */
  config: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** The address the platform calls back (the account's notify URL, entered in the platform's console). */
  notifyPath: z.string(),
  updatedAt: z.string(),
});
export type WalletAccountRow = z.infer<typeof walletAccountRow>;

// ---------------------------------------------------------------------------------------------------------
// Card insertions (wechatList, alipayList)

export const walletCardRow = z.object({
  id: z.number().int(),
  platform: z.enum(WALLET_PLATFORMS),
  invoiceId: z.number().int(),
  invoiceNumber: z.string(),
  buyerName: z.string(),
  totalFen: z.number().int(),
  /** The buyer's id at the platform, masked (first and last characters). */
  buyer: z.string(),
  state: z.enum(WALLET_CARD_STATES),
  cardId: z.string().nullable(),
  /** Which account took it: its name, 沙箱 for the embedded sandbox, null when none did. */
  accountName: z.string().nullable(),
  failCode: z.string().nullable(),
  failReason: z.string().nullable(),
  /** The kit's per-call log: accounts tried that did not serve, with the reason. */
  tried: z.array(z.object({ providerId: z.number().nullable(), code: z.string(), message: z.string() })),
  retries: z.number().int(),
  insertedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WalletCardRow = z.infer<typeof walletCardRow>;

export const walletCardQuery = pageQuery.extend({
  state: z.enum(WALLET_CARD_STATES, { error: '状态只能是 pending、inserted、failed、deleted' }).optional(),
  invoiceNumber: z.string().trim().max(40, '发票号码不能超过40个字符').optional(),
});

export const walletRetryBody = z.object({
  ids: idArray(200, { min: 1, minMessage: '请选择要重试的记录', maxMessage: '一次最多重试200条' }),
});
export const walletRetryReply = z.object({ retried: z.number().int(), skipped: z.number().int() });

const MENU: Record<WalletPlatform, { set: string; list: string; name: string }> = {
  wechat: { set: 'wxSet', list: 'wechatList', name: '微信' },
  alipay: { set: 'zfbSet', list: 'alipayList', name: '支付宝' },
};

/** The console's routes of one platform (each under its own menu codes). */
function consoleRoutes<P extends WalletPlatform>(platform: P) {
  const { set, list, name } = MENU[platform];
  const base = `/api/self-service/v1/wallets/${platform}`;
  return {
    listAccounts: defineRoute({
      method: 'GET',
      path: `${base}/accounts`,
      permission: set,
      tag: TAG,
      summary: `${name}卡包账号列表（按优先级；密钥以******代替）`,
      reply: z.object({ rows: z.array(walletAccountRow) }),
    }),
    createAccount: defineRoute({
      method: 'POST',
      path: `${base}/accounts`,
      permission: `${set}:btn_add`,
      tag: TAG,
      summary: `新增${name}卡包账号（接入地址经出站检查）`,
      body: accountBodyOf(platform),
      reply: walletAccountRow,
    }),
    updateAccount: defineRoute({
      method: 'PUT',
      path: `${base}/accounts/{id}`,
      permission: `${set}:btn_edit`,
      tag: TAG,
      summary: `修改${name}卡包账号（密钥传******保留原值，仅当其目的地字段未变）`,
      params: z.object({ id: idSchema }),
      body: accountBodyOf(platform),
      reply: walletAccountRow,
    }),
    deleteAccount: defineRoute({
      method: 'DELETE',
      path: `${base}/accounts/{id}`,
      permission: `${set}:btn_del`,
      tag: TAG,
      summary: `删除${name}卡包账号`,
      params: z.object({ id: idSchema }),
      reply: okReply,
    }),
    listCards: defineRoute({
      method: 'GET',
      path: `${base}/cards`,
      permission: list,
      tag: TAG,
      summary: `${name}卡包插卡记录（待插卡、已插卡、插卡失败、买方已删除）`,
      query: walletCardQuery,
      reply: pageReply(walletCardRow),
    }),
    retryCards: defineRoute({
      method: 'POST',
      path: `${base}/cards/retry`,
      permission: `${list}:btn_retry`,
      tag: TAG,
      summary: `重试插卡失败的${name}卡包记录（经发件箱重新插卡）`,
      body: walletRetryBody,
      reply: walletRetryReply,
    }),
  };
}

export const WECHAT_WALLET_ROUTES = consoleRoutes('wechat');
export const ALIPAY_WALLET_ROUTES = consoleRoutes('alipay');
export const WALLET_ROUTES = { wechat: WECHAT_WALLET_ROUTES, alipay: ALIPAY_WALLET_ROUTES } as const;
// Named exports so the route list (and OpenAPI) sees each one.
export const listWechatWalletAccounts = WECHAT_WALLET_ROUTES.listAccounts;
export const createWechatWalletAccount = WECHAT_WALLET_ROUTES.createAccount;
export const updateWechatWalletAccount = WECHAT_WALLET_ROUTES.updateAccount;
export const deleteWechatWalletAccount = WECHAT_WALLET_ROUTES.deleteAccount;
export const listWechatWalletCards = WECHAT_WALLET_ROUTES.listCards;
export const retryWechatWalletCards = WECHAT_WALLET_ROUTES.retryCards;
export const listAlipayWalletAccounts = ALIPAY_WALLET_ROUTES.listAccounts;
export const createAlipayWalletAccount = ALIPAY_WALLET_ROUTES.createAccount;
export const updateAlipayWalletAccount = ALIPAY_WALLET_ROUTES.updateAccount;
export const deleteAlipayWalletAccount = ALIPAY_WALLET_ROUTES.deleteAccount;
export const listAlipayWalletCards = ALIPAY_WALLET_ROUTES.listCards;
export const retryAlipayWalletCards = ALIPAY_WALLET_ROUTES.retryCards;

// ---------------------------------------------------------------------------------------------------------
// The platforms' callbacks

/** Largest callback body: a notice is a few hundred bytes. */
export const WALLET_NOTIFY_MAX_BYTES = 16 * 1024;

export const walletNotify = defineRoute({
  method: 'POST',
  path: '/api/public/v1/walletNotify/{platform}/{id}',
  permission: 'public',
  tag: TAG,
  summary:
    '卡包平台回调（插卡成功、拒绝、买方删除）：微信支付 v3 以 Wechatpay-Signature 头签名，支付宝以 sign 参数（RSA2）签名；验签失败 401，同一通知重复推送不改变任何状态',
  params: z.object({
    platform: z.enum(WALLET_PLATFORMS),
    id: z.coerce.number().int().min(0).max(2_147_483_647),
  }),
  body: z.string().max(WALLET_NOTIFY_MAX_BYTES),
  bodyLimit: WALLET_NOTIFY_MAX_BYTES,
  reply: z.object({ code: z.string(), message: z.string() }),
});

// ---------------------------------------------------------------------------------------------------------
// The buyer's public calls (the code is a delivery buyer link's)

const code = z.string().max(64, '链接编码不能超过64个字符');
const buyer = z.string().regex(WALLET_BUYER_RE, '买方标识无效');

export const publicWalletCard = z.object({
  platform: z.enum(WALLET_PLATFORMS),
  state: z.enum(WALLET_CARD_STATES),
  /** Why it failed, in the request's language (never the platform's raw text). */
  failReason: z.string().nullable(),
  updatedAt: z.string(),
});
export type PublicWalletCard = z.infer<typeof publicWalletCard>;

export const publicWalletReply = z.object({
  invoice: z.object({
    number: z.string(),
    issuedAt: z.string(),
    sellerName: z.string(),
    buyerName: z.string(),
    totalFen: z.number().int(),
    taxFen: z.number().int(),
    type: z.string(),
    /** Only issued (not voided, not red) invoices go into a card bag. */
    insertable: z.boolean(),
  }),
  cards: z.array(publicWalletCard),
});
export type PublicWalletView = z.infer<typeof publicWalletReply>;

export const getPublicWallet = defineRoute({
  ...WALLET_API.view,
  permission: 'public',
  rateLimited: true,
  tag: TAG,
  summary:
    '购买方打开发票链接的卡包页：发票摘要与本买方在微信、支付宝卡包的插卡状态。未知或他人的链接一律相同答复',
  params: z.object({ code }),
  query: z.object({ buyer: buyer.optional() }),
  reply: publicWalletReply,
});

export const insertPublicWalletCard = defineRoute({
  ...WALLET_API.insert,
  permission: 'public',
  rateLimited: true,
  tag: TAG,
  summary: '购买方将发票插入微信或支付宝卡包：登记插卡并经发件箱调用卡包平台，同一买方重复请求返回同一记录',
  params: z.object({ code }),
  body: z.object({ platform: z.enum(WALLET_PLATFORMS, { error: '卡包只能是 wechat 或 alipay' }), buyer }),
  reply: publicWalletCard,
  bodyLimit: 1024,
});

export const getPublicWalletQr = defineRoute({
  ...WALLET_API.qr,
  permission: 'public',
  rateLimited: true,
  tag: TAG,
  produces: 'file',
  summary: '发票链接的二维码（SVG）：在另一部手机上扫码打开同一张发票。未知或他人的链接一律相同答复',
  params: z.object({ code }),
});
