import type { MessageText } from '../text.ts';

/**
 * Title-scan settings and the buyer's title help (issue 30 §1, §3). The words of each title problem (checkBuyerTitle)
 * are in self-service/title-texts.ts, shared with the phone's title picker.
 */
export const titleMessages = {
  TITLE_CODE_UNKNOWN: {
    zh: '二维码无效或已停用，请重新扫描开票方提供的二维码',
    en: 'This code is not valid or no longer in use; please scan the seller’s code again',
  },
} as const satisfies Record<string, MessageText>;
