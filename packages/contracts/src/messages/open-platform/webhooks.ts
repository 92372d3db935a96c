import type { MessageText } from '../text.ts';

/** The open platform's webhooks and docs pages (modules/open-platform/webhooks, …/docs). */
export const webhookMessages = {
  'NOT_FOUND.webhook_delivery': { zh: '投递记录不存在', en: 'The delivery does not exist' },
  WEBHOOK_NOT_REDELIVERABLE: {
    zh: '只有失败或已放弃的投递可以重新投递，且应用须已启用并设有回调地址（当前：{state}）',
    en: 'Only a failed or dead delivery of an enabled app with a callback URL can be redelivered (now: {state})',
  },
  'NOT_FOUND.open_app': {
    zh: '应用不存在或不属于本企业',
    en: 'The app does not exist or is not your company’s',
  },
  'NOT_FOUND.open_operation': { zh: '开放接口不存在', en: 'The open API does not exist' },
  OPEN_TRY_APP_DISABLED: {
    zh: '应用已停用，无法调试',
    en: 'The app is disabled and cannot be used to try calls',
  },
} as const satisfies Record<string, MessageText>;
