import type { MessageText } from '../text.ts';

/** 任务管理 (platform/outbox's operator routes, /baseManager/jobManager). */
export const jobMessages = {
  'NOT_FOUND.job': { zh: '任务不存在', en: 'The task does not exist' },
  JOB_NOT_REDELIVERABLE: {
    zh: '只有已放弃或已拒绝的任务可以重新投递（当前：{state}）',
    en: 'Only a dead or refused task can be redelivered (now: {state})',
  },
} as const satisfies Record<string, MessageText>;
