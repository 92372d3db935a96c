import { z } from 'zod';
import { idParams, idSchema, okReply, text } from '../common.ts';
import { defineRoute } from '../route.ts';
import { invoiceStatusField } from './invoices.ts';
import { PREOPEN_API } from './preopen-pages.ts';

/**
 * 预开审核手机端 (issue 30, spec §2.9): the invoicer (a console user holding 预开审核) binds a phone by scanning a
 * short-lived, single-use QR shown in the console, then approves — which issues through the console's own path —
 * or rejects pre-issue applications from it. The phone's calls are public routes whose credential is the device
 * token in the body; unknown, expired, revoked and other tenants' tokens and codes all answer alike.
 */
const tag = 'preopen-phone';
const AUDIT = 'preopenAuditManager';
const CONSOLE_BASE = '/api/billing/v1/preopen-phone';

/** A device token, a binding code or an application code: opaque base62/base64url text of bounded length. */
const opaque = (label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .min(1, `${label}不能为空`)
    .max(128, `${label}过长`)
    .regex(/^[0-9A-Za-z_-]+$/, `${label}格式不正确`);

const device = opaque('设备令牌');
const deviceBody = z.object({ device });

// --- console: the invoicer's side -------------------------------------------------------------------------

export const bindCodeReply = z.object({
  code: z.string(),
  /** The phone page the QR opens (path and query; the console prefixes its own origin). */
  url: z.string(),
  expiresAt: z.string(),
});

export const createPreopenBindCode = defineRoute({
  method: 'POST',
  path: `${CONSOLE_BASE}/bind-codes`,
  permission: AUDIT,
  tag,
  summary: '生成绑定手机审核的二维码（5 分钟内有效，只能使用一次，绑定到当前账号）',
  reply: bindCodeReply,
});

export const preopenDeviceRow = z.object({
  id: z.number().int(),
  label: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

export const listPreopenDevices = defineRoute({
  method: 'GET',
  path: `${CONSOLE_BASE}/devices`,
  permission: AUDIT,
  tag,
  summary: '当前账号已绑定的审核手机（有效的）',
  reply: z.object({ rows: z.array(preopenDeviceRow) }),
});

export const revokePreopenDevice = defineRoute({
  method: 'POST',
  path: `${CONSOLE_BASE}/devices/{id}/revoke`,
  permission: AUDIT,
  tag,
  summary: '解除一部审核手机的绑定（只能解除自己的）',
  params: idParams,
  reply: okReply,
});

export const getPreopenAppCode = defineRoute({
  method: 'POST',
  path: `${CONSOLE_BASE}/applications/{id}/code`,
  permission: AUDIT,
  tag,
  summary: '预开申请的二维码（已绑定的审核手机扫码审核；同一申请始终同一个码）',
  params: idParams,
  reply: z.object({ code: z.string(), url: z.string() }),
});

// --- phone: public, the device token is the credential -----------------------------------------------------

export const preopenMe = z.object({
  userName: z.string(),
  tenantName: z.string(),
  expiresAt: z.string(),
});

export const bindPreopenPhone = defineRoute({
  ...PREOPEN_API.bind,
  permission: 'public',
  rateLimited: true,
  tag,
  summary:
    '手机扫码绑定：凭电脑端的绑定码换取设备令牌（只限预开审核、只限该账号和企业、会过期、可解除）。未知、过期、已用的码一律 404',
  body: z.object({ code: opaque('绑定码'), label: text(60, '设备名称').optional() }),
  reply: preopenMe.extend({ device: z.string() }),
});

export const getPreopenMe = defineRoute({
  ...PREOPEN_API.me,
  permission: 'public',
  tag,
  summary: '本手机绑定的账号与企业；未绑定、已过期或已解除一律 401',
  body: deviceBody,
  reply: preopenMe,
});

export const unbindPreopenPhone = defineRoute({
  ...PREOPEN_API.unbind,
  permission: 'public',
  tag,
  summary: '手机端解除本机绑定',
  body: deviceBody,
  reply: okReply,
});

/** Where the application stands, as the phone's pages see it. */
export const PREOPEN_PHASES = ['pending', 'processing', 'issued', 'failed', 'rejected', 'closed'] as const;

export const preopenAppSummary = z.object({
  id: z.number().int(),
  status: invoiceStatusField,
  statusLabel: z.string(),
  phase: z.enum(PREOPEN_PHASES),
  buyerName: z.string(),
  totalFen: z.number().int(),
  applicantName: z.string().nullable(),
  appliedAt: z.string().nullable(),
});

export const preopenAppView = preopenAppSummary.extend({
  type: z.string(),
  sellerName: z.string(),
  buyerTaxNumber: z.string().nullable(),
  amountFen: z.number().int(),
  taxFen: z.number().int(),
  remarks: z.string().nullable(),
  lines: z.array(
    z.object({
      name: z.string(),
      spec: z.string().nullable(),
      unit: z.string().nullable(),
      quantity: z.string().nullable(),
      unitPrice: z.string().nullable(),
      rate: z.string(),
      amountFen: z.number().int(),
      taxFen: z.number().int(),
    }),
  ),
  /** The device's user submitted it: the four-eyes rule forbids approving it. */
  own: z.boolean(),
  /** The latest decision on the application (who, when, which, why), null while it waits. */
  decision: z
    .object({
      by: z.string().nullable(),
      at: z.string(),
      kind: z.enum(['approved', 'rejected', 'voided']),
      reason: z.string().nullable(),
      /** This phone's user decided it. */
      mine: z.boolean(),
    })
    .nullable(),
  number: z.string().nullable(),
  issuedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  canApprove: z.boolean(),
  canReject: z.boolean(),
  canRetry: z.boolean(),
});
export type PreopenAppView = z.infer<typeof preopenAppView>;

export const listPreopenApplications = defineRoute({
  ...PREOPEN_API.list,
  permission: 'public',
  tag,
  summary: '待本人审核的预开申请（本企业，最新 50 条）',
  body: deviceBody,
  reply: z.object({ total: z.number().int(), rows: z.array(preopenAppSummary) }),
});

const appRef = deviceBody.extend({
  code: opaque('申请码').optional(),
  id: idSchema.optional(),
});

export const viewPreopenApplication = defineRoute({
  ...PREOPEN_API.view,
  permission: 'public',
  tag,
  summary: '一条预开申请（凭申请二维码的码或编号；只限本企业，未知与他企业的一律 404）',
  body: appRef,
  reply: preopenAppView,
});

export const decidePreopenApplication = defineRoute({
  ...PREOPEN_API.decide,
  permission: 'public',
  tag,
  summary:
    '手机审核：通过（与电脑端同一开具流程：同一幂等与队列）或驳回（须填原因）；两部手机同时审核只有一个生效',
  body: deviceBody
    .extend({
      id: idSchema,
      decision: z.enum(['approve', 'reject'], { error: '审核结果只能是 approve 或 reject' }),
      reason: text(200, '驳回原因').optional(),
    })
    .refine((b) => b.decision !== 'reject' || !!b.reason?.trim(), {
      message: '请填写驳回原因',
      path: ['reason'],
    }),
  reply: preopenAppView,
});

export const retryPreopenApplication = defineRoute({
  ...PREOPEN_API.retry,
  permission: 'public',
  tag,
  summary: '开具失败后重新开具（账号在电脑端有「重新开具」权限时）',
  body: deviceBody.extend({ id: idSchema }),
  reply: preopenAppView,
});

export const preopenPdfTicket = defineRoute({
  ...PREOPEN_API.pdfTicket,
  permission: 'public',
  tag,
  summary: '已开具发票的 PDF 下载票据（一次性，5 分钟内有效）',
  body: deviceBody.extend({ id: idSchema }),
  reply: z.object({ ticket: z.string() }),
});

export const downloadPreopenPdf = defineRoute({
  ...PREOPEN_API.pdf,
  permission: 'public',
  rateLimited: true,
  tag,
  produces: 'file',
  summary: '凭票据下载发票 PDF；未知、已用、过期的票据一律 404',
  params: z.object({ ticket: opaque('票据') }),
});
