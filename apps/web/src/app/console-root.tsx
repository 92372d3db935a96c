import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { logout } from '../lib/auth.ts';
import { toast } from '../lib/feedback.ts';
import { profileQuery, sidebarMenusQuery } from '../lib/permission.tsx';
import { hasToken } from '../lib/session.ts';
import { ConsoleLayout } from '../shell/console-layout.tsx';
import { FullPageLoading } from '../shell/full-page-loading.tsx';
import { featureRoutes, resolvePages } from './console-routes.ts';
// Registers the areas' invoice actions before any invoice page renders.
import './invoice-actions.ts';
import { isPublicPath } from './public-paths.ts';

/**
 * Spec §4: with a token but no menus yet, fetch the profile and menus, build the allowed routes and enter the
 * route; if either load fails, log out and go to login.
 */
export default function ConsoleRoot() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const authed = hasToken();
  const profile = useQuery({ ...profileQuery, enabled: authed });
  const menus = useQuery({ ...sidebarMenusQuery, enabled: authed });
  const error = profile.error ?? menus.error;

  useEffect(() => {
    if (!error) return;
    const status = (error as { httpStatus?: number }).httpStatus;
    // An expired token simply lands on login; any other failure deserves a word before the redirect.
    if (status !== 401 && error.message) toast.error(error.message, 5);
    void logout().finally(() => navigate('/login', { replace: true }));
  }, [error, navigate]);

  const pages = useMemo(
    () => (profile.data ? resolvePages(featureRoutes, profile.data) : []),
    [profile.data],
  );

  // Without a token: a public path whose page is not built yet shows /404 (spec §2 guard); a session that
  // just ended (logout clears the cached profile and re-renders this) goes to login.
  if (!authed) return <Navigate to={isPublicPath(pathname) ? '/404' : '/login'} replace />;
  if (!profile.data || !menus.data) return <FullPageLoading />;
  return <ConsoleLayout profile={profile.data} menus={menus.data} pages={pages} />;
}
