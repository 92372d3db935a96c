import type { FrontInfo, MenuNode } from '@fpy/contracts';
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Layout, theme } from 'antd';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { ConsoleContext, type ConsoleContextValue, findPage } from './console-context.tsx';
import type { ConsolePage } from './console-page.ts';
import { FullPageLoading } from './full-page-loading.tsx';
import { Navbar } from './navbar/navbar.tsx';
import { PageErrorBoundary } from './page-error-boundary.tsx';
import { HEADER_HEIGHT, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, Sidebar } from './sidebar/sidebar.tsx';
import { sidebarMenus } from './sidebar/sidebar-menus.ts';
import { TagsView } from './tags-view/tags-view.tsx';
import { useServerTheme } from './theme-sync.ts';
import { UnsafePasswordPrompt } from './unsafe-password-prompt.tsx';
import { usePageMeta } from './use-page-meta.ts';

const SIDEBAR_KEY = 'sidebarStatus';

interface ConsoleLayoutProps {
  profile: FrontInfo;
  menus: MenuNode[];
  pages: ConsolePage[];
}

function ConsoleRoutes({ pages, refreshKey }: { pages: ConsolePage[]; refreshKey: number }) {
  const { pathname } = useLocation();
  const routes = useMemo<RouteObject[]>(
    () => [
      ...pages.map((p) => ({ path: p.path, element: <p.element /> })),
      // Spec §2: unknown paths and pages the user may not open both end on /404.
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
    [pages],
  );
  const element = useRoutes(routes);
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <PageErrorBoundary key={`${pathname}#${refreshKey}`} onReset={reset}>
          <Suspense fallback={<FullPageLoading />}>{element}</Suspense>
        </PageErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}

function SessionEffects() {
  usePageMeta();
  useServerTheme();
  return null;
}

/** Spec §2.11: top navbar, collapsible sidebar, tag strip of visited pages, main area. */
export function ConsoleLayout({ profile, menus, pages }: ConsoleLayoutProps) {
  const { token } = theme.useToken();
  const [opened, setOpened] = useState(() => localStorage.getItem(SIDEBAR_KEY) !== '0');
  const [refreshKey, setRefreshKey] = useState(0);
  const refreshPage = useCallback(() => setRefreshKey((k) => k + 1), []);

  const context = useMemo<ConsoleContextValue>(
    () => ({
      profile,
      pages,
      menus: sidebarMenus(menus, profile.invoiceMethod, (path) => findPage(pages, path) !== undefined),
      refreshPage,
    }),
    [profile, pages, menus, refreshPage],
  );

  const toggle = () => {
    setOpened((o) => {
      localStorage.setItem(SIDEBAR_KEY, o ? '0' : '1');
      return !o;
    });
  };

  return (
    <ConsoleContext.Provider value={context}>
      <SessionEffects />
      <Layout style={{ minHeight: '100vh' }}>
        <Navbar sidebarOpened={opened} onToggleSidebar={toggle} />
        <Sidebar opened={opened} />
        <Layout
          style={{
            marginTop: HEADER_HEIGHT,
            marginInlineStart: opened ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH,
            transition: 'margin-inline-start 0.2s',
          }}
        >
          <TagsView />
          <Layout.Content
            className="page-scroll"
            style={{
              padding: 16,
              background: token.colorBgLayout,
              minHeight: `calc(100vh - ${HEADER_HEIGHT + 40}px)`,
            }}
          >
            <ConsoleRoutes pages={pages} refreshKey={refreshKey} />
          </Layout.Content>
        </Layout>
      </Layout>
      <UnsafePasswordPrompt />
    </ConsoleContext.Provider>
  );
}
