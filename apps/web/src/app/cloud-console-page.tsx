import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { logout } from '../lib/auth.ts';
import { profileQuery, sidebarMenusQuery } from '../lib/permission.tsx';
import { hasToken } from '../lib/session.ts';
import { FullPageLoading } from '../shell/full-page-loading.tsx';
import { featureRoutes, firstAllowedPath, resolvePages } from './console-routes.ts';

/**
 * Entry after login and for the partner / operations-console hand-over (token in the address): validate the
 * token by loading the profile and menus, then land on the first page the user may open. Reached without the
 * console frame (a public path), but it lives in app/: choosing the first page needs every feature's routes.
 */
export default function CloudConsolePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const authed = hasToken();

  useEffect(() => {
    if (!authed) return;
    let cancelled = false;
    Promise.all([queryClient.ensureQueryData(profileQuery), queryClient.ensureQueryData(sidebarMenusQuery)])
      .then(([profile]) => {
        if (!cancelled) navigate(firstAllowedPath(resolvePages(featureRoutes, profile)), { replace: true });
      })
      .catch(async () => {
        // Spec §4: a profile or menu load failure logs out and returns to login.
        await logout();
        if (!cancelled) navigate('/login', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [authed, navigate, queryClient]);

  if (!authed) return <Navigate to="/login" replace />;
  return <FullPageLoading />;
}
