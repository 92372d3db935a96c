import type { invoicerCaptchaCheck, invoicerCaptchaData } from '@fpy/contracts';
import { VALIDATE_API } from '@fpy/contracts/validate-pages';
import type { Lang } from '../kit/i18n.ts';
import { LightApiError, type LightReply, lightCall } from '../kit/http.ts';

export type IdentityView = LightReply<typeof invoicerCaptchaData>;

export const asApiError = (e: unknown) =>
  e instanceof LightApiError ? e : new LightApiError(0, 'NETWORK_ERROR', String(e));

/** Which company asks, and a fresh captcha from the bureau (each call draws a new one). */
export const captchaData = (code: string, lang: Lang) =>
  lightCall<typeof invoicerCaptchaData>(VALIDATE_API.captchaData, { body: { code }, lang });

export const captchaCheck = (code: string, captcha: string, lang: Lang) =>
  lightCall<typeof invoicerCaptchaCheck>(VALIDATE_API.captchaCheck, { body: { code, captcha }, lang });

/** Codes the page answers itself: the rest go to the kit's refusal page. */
export const LINK_DEAD = ['IDENTITY_LINK_INVALID', 'IDENTITY_LINK_LOCKED'];
/** Codes after which the page shows the message by the field and asks the bureau for a new captcha. */
export const TRY_AGAIN = ['IDENTITY_CAPTCHA_WRONG', 'IDENTITY_CAPTCHA_STALE'];
