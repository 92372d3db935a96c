import type { MessageText } from '../text.ts';

/** 代理商入口 (issue 30 §2.3): what a buyer scanning an agent code is told. */
export const agentMessages = {
  AGENT_CODE_UNAVAILABLE: {
    zh: '该代理商二维码暂不可用，请向服务台工作人员索取有效的开票二维码，或直接扫描商家柜台上的码牌',
    en: 'This agent QR code is not available; please ask the service desk for a valid invoice QR code, or scan the code board at the seller’s counter',
  },
  AGENT_TENANT_UNKNOWN: {
    zh: '服务的企业不存在（ID：{ids}），请重新选择',
    en: 'Companies served: no company has the id {ids}; please choose again',
  },
} as const satisfies Record<string, MessageText>;
