import type { MessageText } from '../text.ts';

/** 服务监控 (/monitorManager) and 任务管理's background jobs and schedules (platform/monitor). */
export const monitorMessages = {
  'NOT_FOUND.trace': { zh: '调用链不存在或已过期', en: 'The trace does not exist or has expired' },
  'NOT_FOUND.queue_job': { zh: '后台任务不存在', en: 'The background job does not exist' },
  'NOT_FOUND.schedule': { zh: '定时任务不存在', en: 'The scheduled task does not exist' },
  QUEUE_JOB_NOT_RETRYABLE: {
    zh: '只有失败的后台任务可以重试',
    en: 'Only a failed background job can be retried',
  },
  QUEUE_JOB_RUNNING: {
    zh: '后台任务正在执行，不能删除',
    en: 'The background job is running and cannot be removed',
  },
  METRICS_TOKEN_INVALID: {
    zh: '指标令牌无效',
    en: 'The metrics token is not valid',
  },
} as const satisfies Record<string, MessageText>;
