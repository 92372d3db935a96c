import { z } from 'zod';
import { dateRange, idArray, idParams, pagedQuery, pageReply, text } from '../common.ts';
import { defineRoute } from '../route.ts';
import { invoiceDetail, invoiceEventReply, invoiceStatusField, invoiceSummary } from './invoices.ts';

/**
 * 预开管理 (issue 4 §3, invoiceMethod 0): sales staff apply (the application is an invoice in pending_review),
 * finance approves — which issues it — or rejects it back to a draft with a reason; the record page keeps every
 * round. Bulk actions process each id on its own and answer per id.
 */
const BASE = '/api/billing/v1/invoice-review';
const AUDIT = 'preopenAuditManager';
const RECORD = 'preopenRecordManager';
const tag = 'invoicing';

const keyword = text(100).optional();

/** Filters both pages share: the applicant (name), the buyer (name or tax number), the application date. */
export const reviewFilters = z.object({
  applicant: keyword,
  buyer: keyword,
  /** Application date, yyyy-MM-dd in Asia/Shanghai, inclusive. */
  ...dateRange,
});

export const REVIEW_SORTS = ['createdAt', 'updatedAt', 'totalFen'] as const;

export const pendingReviewRow = invoiceSummary.extend({
  remarks: z.string().nullable(),
  /** Who submitted the current application (the actor of the latest move into pending_review). */
  applicantId: z.number().int().nullable(),
  applicantName: z.string().nullable(),
  appliedAt: z.string(),
});
export type PendingReviewRow = z.infer<typeof pendingReviewRow>;

export const reviewDecision = z.enum(['pending', 'approved', 'rejected', 'voided']);
export type ReviewDecision = z.infer<typeof reviewDecision>;

/** One pass through review: applied, then decided (or still pending). */
export const reviewRound = z.object({
  applicantName: z.string().nullable(),
  appliedAt: z.string(),
  reviewerName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  decision: reviewDecision,
  reason: z.string().nullable(),
});
export type ReviewRound = z.infer<typeof reviewRound>;

export const reviewRecordRow = invoiceSummary.extend({
  /** The latest round, flattened for the table. */
  applicantName: z.string().nullable(),
  appliedAt: z.string(),
  reviewerName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  decision: reviewDecision,
  reason: z.string().nullable(),
  rounds: z.array(reviewRound),
  /** The invoice's whole history, for the timeline. */
  events: z.array(invoiceEventReply),
});
export type ReviewRecordRow = z.infer<typeof reviewRecordRow>;

const ids = idArray(200, {
  min: 1,
  minMessage: '请选择要审核的申请',
  maxMessage: '一次最多审核200条申请',
}).transform((v) => [...new Set(v)]);

export const reviewOutcome = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  /** The invoice's state after the action (absent when it could not be read). */
  status: invoiceStatusField.optional(),
  /** Why this id was refused, in Chinese (e.g. already reviewed by someone else). */
  code: z.string().optional(),
  message: z.string().optional(),
});
export type ReviewOutcome = z.infer<typeof reviewOutcome>;

export const reviewReply = z.object({
  succeeded: z.number().int(),
  failed: z.number().int(),
  results: z.array(reviewOutcome),
});
export type ReviewReply = z.infer<typeof reviewReply>;

export const listPendingReview = defineRoute({
  method: 'GET',
  path: `${BASE}/pending`,
  permission: AUDIT,
  tag,
  summary: '待审核的预开申请（分页，按申请人、购买方、申请日期筛选）',
  query: pagedQuery(REVIEW_SORTS).extend(reviewFilters.shape),
  reply: pageReply(pendingReviewRow),
});

export const getReviewInvoice = defineRoute({
  method: 'GET',
  path: `${BASE}/{id}`,
  permission: [AUDIT, RECORD],
  tag,
  summary: '预开申请详情（明细行与状态流转记录）',
  params: idParams,
  reply: invoiceDetail,
});

export const approveApplications = defineRoute({
  method: 'POST',
  path: `${BASE}/approve`,
  permission: `${AUDIT}:btn_approve`,
  tag,
  summary: '审核通过（可批量，逐条处理）：通过后立即开具；不能审核自己提交的申请',
  body: z.object({ ids, note: text(200, '审核意见').optional() }),
  reply: reviewReply,
});

export const rejectApplications = defineRoute({
  method: 'POST',
  path: `${BASE}/reject`,
  permission: `${AUDIT}:btn_reject`,
  tag,
  summary: '驳回（可批量，逐条处理）：退回草稿，申请人修改后可重新提交',
  body: z.object({
    ids,
    reason: text(200, '驳回原因').min(1, '请填写驳回原因'),
  }),
  reply: reviewReply,
});

export const listReviewRecords = defineRoute({
  method: 'GET',
  path: `${BASE}/records`,
  permission: RECORD,
  tag,
  summary: '预开记录：经过审核的发票及其每一轮申请、审核结果与状态流转',
  query: pagedQuery(REVIEW_SORTS).extend({
    ...reviewFilters.shape,
    number: text(20).optional(),
    status: invoiceStatusField.optional(),
  }),
  reply: pageReply(reviewRecordRow),
});
