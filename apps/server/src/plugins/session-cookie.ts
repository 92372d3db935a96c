import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE, SESSION_COOKIE, SESSION_MARKER_COOKIE } from '@fpy/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Where a request's token came from: an explicit header (API clients) or the console's session cookie. */
export interface RequestToken {
  token: string;
  via: 'header' | 'cookie';
}

/** True when the request carries the header only the console's own scripts send (see contracts/session.ts). */
export function fromConsole(req: FastifyRequest): boolean {
  return req.headers[CONSOLE_HEADER] === CONSOLE_HEADER_VALUE;
}

const bearerValue = (v: string | undefined): string | null =>
  v?.startsWith('Bearer ') ? v.slice(7).trim() || null : null;

/** The Authorization header's bearer token, else the session cookie's. */
export function requestToken(req: FastifyRequest): RequestToken | null {
  const header = req.headers.authorization;
  if (header) {
    const token = bearerValue(header);
    return token ? { token, via: 'header' } : null;
  }
  const cookie = req.cookies?.[SESSION_COOKIE];
  const token = bearerValue(cookie);
  return token ? { token, via: 'cookie' } : null;
}

/**
 * Sets the session: the token HttpOnly (no script, so no injected script, can read it), SameSite=Strict (no other
 * site's page sends it), Secure behind HTTPS; and a readable marker that only says a session exists.
 */
export function setSessionCookies(
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
  secure: boolean,
) {
  const common = { path: '/', sameSite: 'strict' as const, secure, maxAge: maxAgeSeconds };
  reply.setCookie(SESSION_COOKIE, `Bearer ${token}`, { ...common, httpOnly: true });
  reply.setCookie(SESSION_MARKER_COOKIE, '1', { ...common, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  const common = { path: '/', sameSite: 'strict' as const, secure };
  reply.clearCookie(SESSION_COOKIE, { ...common, httpOnly: true });
  reply.clearCookie(SESSION_MARKER_COOKIE, common);
}
