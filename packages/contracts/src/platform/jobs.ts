import { z } from 'zod';
import {
  DATE_ORDER_ISSUE,
  dateOrder,
  dateRange,
  idArray,
  idParams,
  optionalQueryId,
  pagedQuery,
  pageReply,
  text,
} from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * 任务管理 (/baseManager/jobManager, spec §2.12): the platform operator's view of the outbox (platform/outbox,
 * issue 29 §3) — the retried outgoing work of every area (delivery's sends first). Lists tasks with their
 * attempt log, counts them per kind and state, and redelivers dead or refused ones. Platform-only: a task may
 * belong to any company.
 */
const tag = 'job';
const JOBS = '/api/admin/jobs';

/** pending (due at nextAt) → running (claimed) → done | failed (refused for good) | dead (retries used up). */
export const JOB_STATES = ['pending', 'running', 'done', 'failed', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];
/** The states 重新投递 takes a task from. */
export const REDELIVERABLE_STATES: readonly JobState[] = ['dead', 'failed'];
/** How an attempt ended (lost = its lease expired; redelivered = an operator put the task back). */
export const JOB_OUTCOMES = ['done', 'retry', 'failed', 'dead', 'lost', 'redelivered'] as const;
/** The kinds known today; the list filter takes any well-formed kind (new ones need no contract change). */
export const KNOWN_JOB_KINDS = [
  'delivery.send',
  'self-service.issue-request',
  'self-service.wallet-insert',
] as const;

const JOB_SORTS = ['id', 'createdAt', 'updatedAt', 'nextAt', 'attempts'] as const;

/** A kind as modules name them: dotted lower-case words ('delivery.send'). */
export const jobKindField = z
  .string({ error: '任务类型格式不正确' })
  .trim()
  .regex(/^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*$/, '任务类型格式不正确')
  .max(64, '任务类型最多64个字符');

const blankAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

export const jobListQuery = pagedQuery(JOB_SORTS)
  .extend({
    state: blankAbsent(z.enum(JOB_STATES, { message: '状态只能是待执行、执行中、已完成、已拒绝或已放弃' })),
    kind: blankAbsent(jobKindField),
    tenantId: optionalQueryId,
    /** The business record's key, or text of the last error. */
    q: text(128, '关键字').optional(),
    /** Created, yyyy-MM-dd in Asia/Shanghai, inclusive. */
    ...dateRange,
  })
  .refine(dateOrder, DATE_ORDER_ISSUE);
export type JobListQuery = z.input<typeof jobListQuery>;

export const jobRow = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** The business record's key within the kind (a delivery's id). */
  ref: z.string(),
  tenantId: z.number().int().nullable(),
  tenantName: z.string().nullable(),
  state: z.enum(JOB_STATES),
  attempts: z.number().int(),
  nextAt: z.string(),
  leaseUntil: z.string().nullable(),
  lastCode: z.string().nullable(),
  lastError: z.string().nullable(),
  since: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobRow = z.infer<typeof jobRow>;

export const jobAttempt = z.object({
  id: z.number().int(),
  /** The attempt's number within its round (0 for a redelivery line). */
  n: z.number().int(),
  /** Null while the attempt runs. */
  outcome: z.enum(JOB_OUTCOMES).nullable(),
  code: z.string().nullable(),
  message: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type JobAttempt = z.infer<typeof jobAttempt>;

export const jobDetail = jobRow.extend({ attemptLog: z.array(jobAttempt) });
export type JobDetail = z.infer<typeof jobDetail>;

export const jobSummary = z.object({
  rows: z.array(z.object({ kind: z.string(), state: z.enum(JOB_STATES), count: z.number().int() })),
});
export type JobSummary = z.infer<typeof jobSummary>;

export const JOB_BULK_MAX = 200;
export const jobBulkBody = z.object({
  ids: idArray(JOB_BULK_MAX, { min: 1, minMessage: '请选择要重新投递的任务' }),
});
export const jobBulkReply = z.object({
  /** Back to pending. */
  redelivered: z.array(z.number().int()),
  /** Not found, or not dead or refused (already back in flight, done). */
  skipped: z.array(z.number().int()),
});

export const listJobs = defineRoute({
  method: 'GET',
  path: JOBS,
  permission: 'jobManager',
  platformOnly: true,
  tag,
  summary: '任务列表（按状态、类型、企业、业务编号或错误、创建日期筛选）',
  query: jobListQuery,
  reply: pageReply(jobRow),
});

export const jobsSummary = defineRoute({
  method: 'GET',
  path: `${JOBS}/summary`,
  permission: 'jobManager',
  platformOnly: true,
  tag,
  summary: '任务数（按类型与状态）',
  reply: jobSummary,
});

export const getJob = defineRoute({
  method: 'GET',
  path: `${JOBS}/{id}`,
  permission: 'jobManager',
  platformOnly: true,
  tag,
  summary: '任务详情与尝试记录',
  params: idParams,
  reply: jobDetail,
});

export const redeliverJob = defineRoute({
  method: 'POST',
  path: `${JOBS}/{id}/redeliver`,
  permission: 'jobManager:btn_redeliver',
  platformOnly: true,
  tag,
  summary: '重新投递一个已放弃或已拒绝的任务（新一轮重试，写审计）',
  params: idParams,
  reply: jobRow,
});

export const redeliverJobs = defineRoute({
  method: 'POST',
  path: `${JOBS}/redeliver`,
  permission: 'jobManager:btn_redeliver',
  platformOnly: true,
  tag,
  summary: '批量重新投递所选任务（只有已放弃或已拒绝的任务会被投递）',
  body: jobBulkBody,
  reply: jobBulkReply,
});
