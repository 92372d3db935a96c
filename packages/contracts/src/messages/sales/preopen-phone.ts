import type { MessageText } from '../text.ts';

/** 预开审核手机端 (issue 30 §2.9): binding a phone, reviewing pre-issue applications on it. */
export const preopenPhoneMessages = {
  PREOPEN_BIND_CODE_INVALID: {
    zh: '绑定码无效、已使用或已过期。请在电脑端「预开审核」页面点「绑定手机审核」，用手机扫描新的二维码',
    en: 'This binding code is not valid, already used or expired. In the console, open Pre-issue review, click "Bind a phone" and scan the new QR code',
  },
  PREOPEN_DEVICE_INVALID: {
    zh: '本手机未绑定审核账号，或绑定已过期、已解除。请在电脑端「预开审核」页面点「绑定手机审核」重新扫码绑定',
    en: 'This phone is not bound to a reviewer account, or the binding has expired or was removed. In the console, open Pre-issue review, click "Bind a phone" and scan the QR code again',
  },
  PREOPEN_APP_UNKNOWN: {
    zh: '未找到该预开申请。请核对二维码，或确认本手机绑定的是该企业的审核账号',
    en: 'No such pre-issue application. Please check the QR code, or that this phone is bound to a reviewer of that company',
  },
  PREOPEN_NO_RIGHT: {
    zh: '绑定的账号没有「{action}」权限，请联系企业管理员',
    en: 'The bound account may not {action}; please ask your company administrator',
  },
  PREOPEN_NOT_ISSUED: {
    zh: '发票尚未开具，暂无 PDF',
    en: 'The invoice has not been issued yet, so there is no PDF',
  },
  PREOPEN_NOT_FAILED: {
    zh: '只有开具失败的发票可以重新开具（当前：{status}）',
    en: 'Only an invoice whose issue failed can be issued again (now: {status})',
  },
  PREOPEN_TICKET_INVALID: {
    zh: '下载链接已失效，请返回开具结果页重新下载',
    en: 'This download link is no longer valid; go back to the result page and download again',
  },
  PREOPEN_NOT_PENDING: {
    zh: '该申请不在待审核状态，不能生成审核二维码（当前：{status}）',
    en: 'This application is not waiting for review, so it has no review QR code (now: {status})',
  },
} as const satisfies Record<string, MessageText>;
