import { z } from 'zod';
import { DATE_ORDER_ISSUE, dateOrder, dateRange, pagedQuery, pageReply, text } from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * 短链接管理 (/invoicePlat/shorturl) and 账单 (/invoicePlat/bill): the company's own delivery records, read
 * from short_links, deliveries and sms_recharges. Always the caller's company (no tenant id travels).
 */
const tag = 'invoice-plat';
const PLAT = '/api/admin/v1/plat';

// ---------------------------------------------------------------------------------------------------------
// 短链接

/** A short code as the dispatcher writes it: base62, at least 64 bits (12+ characters). */
export const shortCodeField = z
  .string({ error: '请选择短链接' })
  .trim()
  .regex(/^[0-9A-Za-z]{8,32}$/, '短链接编码格式不正确');

export const SHORT_LINK_STATUSES = ['active', 'expired', 'disabled'] as const;
export type ShortLinkStatus = (typeof SHORT_LINK_STATUSES)[number];
export const SHORT_LINK_SORTS = ['createdAt', 'expiresAt', 'opens', 'lastOpenedAt'] as const;

export const shortLinkQuery = pagedQuery(SHORT_LINK_SORTS)
  .extend({
    code: text(32, '短链接编码').optional(),
    invoiceNumber: text(20, '发票号码').optional(),
    buyerName: text(100, '购买方名称').optional(),
    status: z.enum(SHORT_LINK_STATUSES, { message: '状态只能是有效、已过期或已停用' }).optional(),
    /** Created, yyyy-MM-dd in Asia/Shanghai, inclusive. */
    ...dateRange,
  })
  .refine(dateOrder, DATE_ORDER_ISSUE);
export type ShortLinkQuery = z.input<typeof shortLinkQuery>;

export const shortLinkRow = z.object({
  code: z.string(),
  invoiceId: z.number().int(),
  invoiceNumber: z.string().nullable(),
  buyerName: z.string().nullable(),
  /** Invoices the link opens (a batch link opens several). */
  invoiceCount: z.number().int(),
  createdAt: z.string(),
  /** Null: never expires. */
  expiresAt: z.string().nullable(),
  opens: z.number().int(),
  lastOpenedAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
  status: z.enum(SHORT_LINK_STATUSES),
});
export type ShortLinkRow = z.infer<typeof shortLinkRow>;

export const listShortLinks = defineRoute({
  method: 'GET',
  path: `${PLAT}/short-links`,
  permission: 'shorturl',
  tag,
  summary: '本企业的短链接（按编码、发票号码、购买方、状态、创建日期筛选）',
  query: shortLinkQuery,
  reply: pageReply(shortLinkRow),
});

export const exportShortLinks = defineRoute({
  method: 'GET',
  path: `${PLAT}/short-links/export`,
  permission: 'shorturl:btn_export',
  tag,
  produces: 'file',
  summary: '导出短链接（与列表相同的筛选，最多 10000 条）',
  query: shortLinkQuery,
});

const codesField = z
  .array(shortCodeField, { error: '请选择短链接' })
  .min(1, '请选择短链接')
  .max(200, '一次最多选择200项');

export const shortLinkChangeReply = z.object({ updated: z.number().int() });

export const disableShortLinks = defineRoute({
  method: 'POST',
  path: `${PLAT}/short-links/disable`,
  permission: 'shorturl:btn_disable',
  tag,
  summary: '停用短链接（购买方打开时显示链接已失效）',
  body: z.object({ codes: codesField }),
  reply: shortLinkChangeReply,
});

export const MAX_EXTEND_DAYS = 3650;

export const extendShortLinks = defineRoute({
  method: 'POST',
  path: `${PLAT}/short-links/extend`,
  permission: 'shorturl:btn_extend',
  tag,
  summary: '短链接延期：有效期从原到期日（已过期的从现在）起延长所给天数',
  body: z.object({
    codes: codesField,
    days: z
      .number({ error: '延期天数须为整数' })
      .int('延期天数须为整数')
      .min(1, '延期天数至少1天')
      .max(MAX_EXTEND_DAYS, `延期天数不能超过${MAX_EXTEND_DAYS}天`),
  }),
  reply: shortLinkChangeReply,
});

/**
 * Ends the links' validity now: the buyer then sees the expired page, from which a renewal may be asked
 * (unlike 停用, which is final). Already expired, disabled and unknown links are skipped.
 */
export const expireShortLinks = defineRoute({
  method: 'POST',
  path: `${PLAT}/short-links/expire`,
  permission: 'shorturl:btn_expire',
  tag,
  summary: '短链接立即到期（购买方打开时显示链接已过期，可申请延期）',
  body: z.object({ codes: codesField }),
  reply: shortLinkChangeReply,
});

// ---------------------------------------------------------------------------------------------------------
// 账单

export const billQuery = z.object({
  year: z.coerce
    .number({ error: '年份须为四位数字' })
    .int('年份须为四位数字')
    .min(2000, '年份须在2000到2100之间')
    .max(2100, '年份须在2000到2100之间')
    .optional(),
});

const usage = {
  /** SMS requests of the month (every delivery record, whatever became of it). */
  smsTotal: z.number().int(),
  /** Accepted by a provider (提交成功). */
  smsAccepted: z.number().int(),
  smsDelivered: z.number().int(),
  /** Failed or given up (dead letter). */
  smsFailed: z.number().int(),
  /** Segments charged against the quota (计费条数). */
  smsUnits: z.number().int(),
  emailTotal: z.number().int(),
  emailAccepted: z.number().int(),
  emailDelivered: z.number().int(),
  emailFailed: z.number().int(),
  /** Messages recharged (充值条数) and what was paid, fen. */
  rechargeAmount: z.number().int(),
  rechargePaidFen: z.number().int(),
};

export const billMonth = z.object({ month: z.string(), ...usage });
export type BillMonth = z.infer<typeof billMonth>;

export const billReply = z.object({
  year: z.number().int(),
  /** Twelve months, January first (Asia/Shanghai); months after the current one are zero. */
  months: z.array(billMonth),
  totals: z.object(usage),
  /** The SMS balance now, null when the company was never recharged. */
  balance: z
    .object({ balance: z.number().int(), used: z.number().int(), warnBelow: z.number().int() })
    .nullable(),
});
export type BillReply = z.infer<typeof billReply>;

export const getBill = defineRoute({
  method: 'GET',
  path: `${PLAT}/bill`,
  permission: 'bill',
  tag,
  summary: '本企业按月的交付用量账单：短信条数与计费条数、邮件、充值（默认今年）',
  query: billQuery,
  reply: billReply,
});

export const exportBill = defineRoute({
  method: 'GET',
  path: `${PLAT}/bill/export`,
  permission: 'bill:btn_export',
  tag,
  produces: 'file',
  summary: '导出年度账单（Excel）',
  query: billQuery,
});
