import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { loadConsoleTexts } from '../lib/i18n.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/** Each page is its own chunk: the login page must not pull in the console shell. */
const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // The first page's chunk is still loading; a blank screen for that instant beats a layout flash.
    hydrateFallbackElement: <div />,
    children: [
      { path: '/login', ...page(() => import('../public/login/login-page.tsx')) },
      { path: '/register', ...page(() => import('../public/register/register-page.tsx')) },
      { path: '/forgetPwd', ...page(() => import('../public/forget-pwd/forget-pwd-page.tsx')) },
      { path: '/cloudConsole', ...page(() => import('./cloud-console-page.tsx')) },
      { path: '/authredirect', ...page(() => import('../public/auth-redirect-page.tsx')) },
      { path: '/404', ...page(() => import('../public/not-found-page.tsx')) },
      { path: '/401', ...page(() => import('../public/unauthorized-page.tsx')) },
      // Everything else is the console (or, without a token, a public path whose page is not built: /404).
      // The console's texts come with it (lib/i18n.ts), not with the login page.
      {
        path: '*',
        ...page(() => Promise.all([import('./console-root.tsx'), loadConsoleTexts()]).then(([m]) => m)),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
