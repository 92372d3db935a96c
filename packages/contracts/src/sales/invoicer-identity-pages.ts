/**
 * 开票员身份认证 on the phone (issue 30, spec §2.3 `/validate`): the page and the addresses of its API, without zod.
 * The light entry apps/web/src/phone/validate imports this file alone (`@fpy/contracts/validate-pages`);
 * `invoicer-identity.ts` builds the full contracts from the same addresses.
 */

/** The page: the route of the phone entry `validate` (../phone-entries.ts). */
export const VALIDATE_PAGE_PATHS = ['/validate'] as const;

/** /validate?c=<link code>: the link the console hands the invoicer (and shows as a QR). */
export const VALIDATE_CODE_PARAM = 'c';

/** Link codes: base62, 16–32 characters; anything else is unknown. */
export const VALIDATE_CODE_RE = /^[0-9A-Za-z]{16,32}$/;

/** The captcha the invoicer types: the bureau's digits (4–8). */
export const VALIDATE_CAPTCHA_RE = /^[0-9]{4,8}$/;

export const validateUrl = (code: string) => `/validate?${VALIDATE_CODE_PARAM}=${encodeURIComponent(code)}`;

const BASE = '/api/billingAll/free/invoice-all/free/sales/user';

/** The spec's two calls (§ versions, tracking, cooperation, captcha); the link code travels in the JSON body. */
export const VALIDATE_API = {
  /** Which company asks, and a fresh bureau captcha. */
  captchaData: { method: 'POST', path: `${BASE}/captchaData` },
  /** The typed captcha: on success the bureau's demand is answered and issuing resumes. */
  captchaCheck: { method: 'POST', path: `${BASE}/captchaCheck` },
} as const;

/** Wrong captchas a link takes before it locks (the console hands out a new one). */
export const VALIDATE_MAX_ATTEMPTS = 5;
