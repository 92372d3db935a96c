import type { issueToken } from '@fpy/contracts';
import i18n from 'i18next';
import { encryptPassword } from './crypto.ts';
import { type CallReply, CLIENT_BASIC, callLazy } from './http.ts';
import { clearSession } from './session.ts';

type TokenReply = CallReply<typeof issueToken>;

/** Raised by login with the exact text the form must show (spec §5/§8). */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'LoginError';
  }
}

/**
 * Password-grant login. The page shows LoginError.message itself, so the shared error display is silenced:
 * a wrong password must read exactly 账户或密码错误… and never as a second, generic toast.
 */
export async function login(username: string, password: string): Promise<TokenReply> {
  let reply: Partial<TokenReply> | undefined;
  try {
    reply = await callLazy('issueToken', {
      body: { username: username.trim(), password: await encryptPassword(password), grant_type: 'password' },
      // The client credential always, even if a stale session marker is still around.
      headers: { Authorization: CLIENT_BASIC },
      silent: true,
    });
  } catch (err) {
    const e = err as { code?: string; message?: string; httpStatus?: number };
    // A locked account's message says until when; every other refusal gets the fixed wording.
    if (e.code === 'ACCOUNT_LOCKED' && e.message) throw new LoginError(e.message, e.code);
    if (e.httpStatus === 0) throw new LoginError(i18n.t('auth.networkError'), 'NETWORK_ERROR');
    if (e.httpStatus === 429 && e.message) throw new LoginError(e.message, e.code ?? 'TOO_MANY_REQUESTS');
    throw new LoginError(i18n.t('auth.badCredentials'), e.code ?? 'BAD_CREDENTIALS');
  }
  if (!reply?.access_token) throw new LoginError(i18n.t('auth.badCredentials'), 'NO_ACCESS_TOKEN');
  // The server has set the session cookie (HttpOnly): the token in the reply is not kept anywhere.
  return reply as TokenReply;
}

/**
 * Spec §4 logout: the server revokes the session's token and clears its cookie (best effort: offline, the cookie
 * simply expires), then everything local is cleared.
 */
export async function logout(): Promise<void> {
  await callLazy('revokeToken', { silent: true }).catch(() => {});
  clearSession();
}
