import type { MessageText } from '../text.ts';

/** 开票员身份认证 (issue 30, /validate): the console's link and the phone page's captcha. */
export const invoicerIdentityMessages = {
  IDENTITY_LINK_INVALID: {
    zh: '身份认证链接无效或已过期。请在电脑端「开票人设置」页面的「开票员身份认证」处生成新的链接',
    en: 'This identity confirmation link is not valid or has expired. In the console, open Invoicer settings and create a new link under "Invoicer identity confirmation"',
  },
  IDENTITY_LINK_LOCKED: {
    zh: '验证码错误次数过多，此链接已锁定。请在电脑端「开票人设置」页面生成新的认证链接',
    en: "Too many wrong codes: this link is locked. Create a new link on the console's Invoicer settings page",
  },
  IDENTITY_CAPTCHA_WRONG: {
    zh: '验证码不正确，请看新的验证码重新输入（还可尝试 {attemptsLeft} 次）',
    en: 'The code is not correct. Please type the new code ({attemptsLeft} tries left)',
  },
  IDENTITY_CAPTCHA_STALE: {
    zh: '验证码已过期，请刷新验证码后重新输入',
    en: 'The code has expired. Please get a new code and type it again',
  },
  IDENTITY_NOT_REQUIRED: {
    zh: '税务局当前未要求开票员身份认证，无需生成认证链接',
    en: 'The tax bureau does not ask for an invoicer identity confirmation now, so no link is needed',
  },
} as const satisfies Record<string, MessageText>;
