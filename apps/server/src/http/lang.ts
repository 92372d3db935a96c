import { type Lang, pickLang } from '@fpy/contracts';
import type { FastifyRequest } from 'fastify';

/** The console's own header naming its language (zh-CN | en-US); it wins over the browser's Accept-Language. */
export const LOCALE_HEADER = 'x-locale';

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The language a reply to `req` is worded in: X-Locale, else Accept-Language, else Chinese. */
export function requestLang(req: Pick<FastifyRequest, 'headers'>): Lang {
  return pickLang(one(req.headers[LOCALE_HEADER]), one(req.headers['accept-language']));
}
