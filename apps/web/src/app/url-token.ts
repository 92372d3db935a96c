import { clearSession, getToken, setToken } from '../lib/session.ts';

/**
 * Spec §4 partner login: a token may arrive in the address, either as any query value starting with
 * "Bearer " or as a plain `token` parameter (the 运营控制台 link and partner portals use this). It is stored
 * and removed from the address so it is not bookmarked, shared or sent on as a Referer.
 */
export function adoptTokenFromUrl(): void {
  const url = new URL(window.location.href);
  let token: string | undefined;
  for (const [key, value] of [...url.searchParams.entries()]) {
    if (/^Bearer\s+/i.test(value) || key === 'token') {
      token ??= value;
      url.searchParams.delete(key);
    }
  }
  if (!token?.replace(/^Bearer\s+/i, '').trim()) return;
  // A different account arriving through a link must not inherit the previous user's cached state.
  if (getToken() !== token.replace(/^Bearer\s+/i, '').trim()) clearSession();
  setToken(token);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}
