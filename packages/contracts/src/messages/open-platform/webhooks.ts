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
  // Why an attempt sent nothing (the delivery log's error code; kind.ts refuses before any request).
  WEBHOOK_APP_DISABLED: { zh: '应用不存在或已停用', en: 'The app does not exist or is disabled' },
  WEBHOOK_NO_CALLBACK: { zh: '应用已没有回调地址', en: 'The app no longer has a callback URL' },
  WEBHOOK_UNROUTABLE: {
    zh: '回调地址使用保留域名（.example / .invalid / .test），无法送达',
    en: 'The callback URL uses a reserved name (.example / .invalid / .test) and cannot be reached',
  },
  WEBHOOK_DESTINATION_CHANGED: {
    zh: '应用的回调地址已变更：请在投递记录中重新投递（投往新地址）',
    en: 'The app’s callback URL has changed: redeliver from the delivery log (to the new URL)',
  },
  WEBHOOK_EVENT_MISSING: { zh: '事件不存在', en: 'The event does not exist' },
  WEBHOOK_SECRET_UNREADABLE: {
    zh: '应用密钥无法解密（OPEN_SECRET_KEY 已更换？）',
    en: 'The app’s secret cannot be decrypted (was OPEN_SECRET_KEY changed?)',
  },
} as const satisfies Record<string, MessageText>;
