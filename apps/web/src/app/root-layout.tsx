import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { applyPageMeta } from '../lib/brand.ts';
import { hasToken } from '../lib/session.ts';
import { isPublicPath } from './public-paths.ts';

/** i18n keys of the public pages' titles; '' shows the brand alone. */
const PUBLIC_TITLES: Record<string, string> = {
  '/login': 'brand.home',
  '/register': 'public.register.title',
  '/forgetPwd': 'public.forgetPwd.title',
  '/404': 'public.notFound.title',
  '/401': 'public.unauthorized.title',
};

function PublicMeta({ pathname }: { pathname: string }) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the brand wording inside applyPageMeta follows the language too
  useEffect(() => {
    const key = PUBLIC_TITLES[pathname];
    // Spec §1: the home and login titles are the platform's name on its own.
    if (key === 'brand.home') applyPageMeta(undefined, t(key));
    else applyPageMeta(key ? t(key) : undefined);
  }, [pathname, t, i18n.language]);
  return null;
}

/**
 * Spec §2/§4 guard, evaluated on every navigation: no token and not public → '/', which shows login for now;
 * a token on /login → /cloudConsole; a token on '/' → the dashboard. Console paths are checked further by the
 * console itself against the user's menus.
 */
export function RootLayout() {
  const { pathname, search } = useLocation();
  const authed = hasToken();
  const isPublic = isPublicPath(pathname);

  if (!authed && pathname === '/') {
    return <Navigate to={{ pathname: '/login', search }} replace />;
  }
  if (!authed && !isPublic) {
    // Remember where the visitor wanted to go so login can return there.
    return <Navigate to={`/?redirect=${encodeURIComponent(pathname + search)}`} replace />;
  }
  if (authed && pathname === '/login') return <Navigate to="/cloudConsole" replace />;
  if (authed && pathname === '/') return <Navigate to="/dashboard" replace />;

  return (
    <>
      {isPublic && <PublicMeta pathname={pathname} />}
      <Outlet />
    </>
  );
}
