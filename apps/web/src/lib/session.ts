import { SESSION_MARKER_COOKIE } from '@fpy/contracts/session';
import Cookies from 'js-cookie';

/**
 * Everything keyed under 'session' in the query cache is dropped on logout. Declared here, not beside the
 * profile query in permission.tsx, so the login page can clear it without downloading the query hooks.
 */
export const SESSION_KEY = 'session';

/** Spec §9: profile cookies live 4 hours. */
export const PROFILE_COOKIE_MS = 14_400_000;
const PROFILE_COOKIES = ['tenantType', 'isSuperAdmin', 'isInsideUser', 'username', 'invoiceMethod'] as const;
export type ProfileCookie = (typeof PROFILE_COOKIES)[number];
const TRACK_USER_KEY = 'trackUserId';
/** sessionStorage keys owned by the shell that must not outlive the session. */
const SESSION_KEYS = ['visitedViews'];

const clearedListeners = new Set<() => void>();

/**
 * Spec §4/§9: the token lives in the Authorization cookie, which the server sets HttpOnly so that no script, ours
 * or an injected one, can read it. The console only sees the readable marker cookie that says a session exists.
 */
export function hasToken(): boolean {
  return Cookies.get(SESSION_MARKER_COOKIE) === '1';
}

export function setProfileCookies(values: Partial<Record<ProfileCookie, string | number | null>>): void {
  const expires = new Date(Date.now() + PROFILE_COOKIE_MS);
  for (const name of PROFILE_COOKIES) {
    const value = values[name];
    if (value === undefined || value === null) Cookies.remove(name);
    else Cookies.set(name, String(value), { expires, sameSite: 'lax' });
  }
}

export function getProfileCookie(name: ProfileCookie): string | undefined {
  return Cookies.get(name);
}

/** A random id that identifies this browser to tracking across sessions and logouts. */
export function getTrackUserId(): string {
  let id = localStorage.getItem(TRACK_USER_KEY);
  if (!id) {
    id = crypto.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
    localStorage.setItem(TRACK_USER_KEY, id);
  }
  return id;
}

/** Lets the app drop cached server state (profile, menus, elements) when the session ends. */
export function onSessionCleared(listener: () => void): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

/**
 * Spec §4 forced logout: token, profile cookies and the cached profile (roles, menus, elements, permission
 * menus) are dropped without calling the server. No password copy is ever stored, so there is none to blank.
 */
export function clearSession(): void {
  // The HttpOnly token cookie is the server's to clear (logout); dropping the marker ends the session here.
  Cookies.remove(SESSION_MARKER_COOKIE);
  for (const name of PROFILE_COOKIES) Cookies.remove(name);
  for (const key of SESSION_KEYS) sessionStorage.removeItem(key);
  for (const listener of clearedListeners) listener();
}
