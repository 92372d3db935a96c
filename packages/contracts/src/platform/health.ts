import { z } from 'zod';
import { defineRoute } from '../route.ts';

/**
 * Probes for load balancers and orchestrators (issue 22 §3). Outside /api on purpose: the conventional
 * addresses every proxy and Kubernetes example uses, and the gate log (which records /api and /v1 only)
 * does not fill up with a probe every few seconds. Public and without a budget: both are cheap (the
 * readiness checks run at most once a second whoever asks).
 */
export const getHealth = defineRoute({
  method: 'GET',
  path: '/healthz',
  permission: 'public',
  tag: 'health',
  summary: '存活探针：进程在运行即答 200 { status: ok }（不查数据库）',
  reply: z.object({ status: z.literal('ok') }),
});

/** The checks behind readiness, in the order they are reported. */
export const READINESS_CHECKS = ['database', 'redis', 'migrations', 'shutdown'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

const checkState = z.enum(['ok', 'failed', 'skipped']);

export const getReadiness = defineRoute({
  method: 'GET',
  path: '/readyz',
  permission: 'public',
  tag: 'health',
  summary:
    '就绪探针：数据库可查询、Redis 应答 PING（配置 REDIS_URL 时）、迁移已完成且未在停机时答 200；否则答 503 并列出未通过的检查',
  otherReplies: { 503: '未就绪（同一结构，failed 列出未通过的检查）' },
  reply: z.object({
    status: z.enum(['ready', 'unavailable']),
    checks: z.object({
      database: checkState,
      redis: checkState,
      migrations: checkState,
      /** failed once SIGTERM/SIGINT arrived: the instance is draining and takes no new work. */
      shutdown: checkState,
    }),
    failed: z.array(z.enum(READINESS_CHECKS)),
  }),
});
