import { callLazy } from '../lib/http.ts';
import { clearSession, hasToken } from '../lib/session.ts';

/** Takes a token out of the address (any value starting with "Bearer ", or a `token` parameter). */
function takeTokenFromAddress(): string | undefined {
  const url = new URL(window.location.href);
  let token: string | undefined;
  for (const [key, value] of [...url.searchParams.entries()]) {
    if (/^Bearer\s+/i.test(value) || key === 'token') {
      token ??= value;
      url.searchParams.delete(key);
    }
  }
  // Out of the address at once, so it is neither bookmarked, shared nor sent on as a Referer.
  if (token !== undefined)
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return token?.replace(/^Bearer\s+/i, '').trim() || undefined;
}

async function whoIs(authorization?: string): Promise<string | null> {
  const headers = authorization ? { Authorization: authorization } : undefined;
  const info = await callLazy('getFrontInfo', { headers, silent: true }).catch(() => null);
  return info?.username ?? null;
}

/**
 * Spec §4 partner login: a token may arrive in the address (the operations console and partner portals link
 * this way). It never silently replaces a session: when someone else is logged in here, the user is asked first.
 * The token then becomes the session only through the explicit hand-over call, which sets the HttpOnly cookie;
 * it is never stored by script and never accepted from a URL by the server.
 */
export async function adoptTokenFromUrl(): Promise<void> {
  const token = takeTokenFromAddress();
  if (!token) return;
  const next = await whoIs(`Bearer ${token}`);
  // An invalid or expired link changes nothing; the current session, if any, stays.
  if (!next) return;
  if (hasToken()) {
    const current = await whoIs();
    if (current === next) return;
    if (current) {
      const { confirmSwitch } = await import('./switch-account-dialog.ts');
      if (!(await confirmSwitch(current, next))) return;
    }
  }
  // A different account must not inherit the previous user's cached state.
  clearSession();
  await callLazy('adoptSession', { headers: { Authorization: `Bearer ${token}` }, silent: true }).catch(
    () => {},
  );
}
