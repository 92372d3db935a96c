import type { FrontInfo, MenuNode } from '@fpy/contracts';
import type { ComponentType, LazyExoticComponent } from 'react';
import { describe, expect, test } from 'vitest';
import type { FeatureRoute } from '../shell/console-page.ts';
import { firstAllowedPath, resolvePages } from './resolve-pages.ts';

const element = {} as LazyExoticComponent<ComponentType>;
const node = (code: string, path: string, children: MenuNode[] = []): MenuNode => ({
  code,
  title: `${code}-zh`,
  titleEn: `${code}-en`,
  icon: 'UserOutlined',
  path,
  hidden: false,
  children,
});
const profile = (menus: MenuNode[], extra: Partial<FrontInfo> = {}) =>
  ({ menus, isSuperAdmin: 1, tenantType: 1, ...extra }) as FrontInfo;

const routes: FeatureRoute[] = [
  { code: 'userManager', path: '/orgManager/userManager', element },
  { code: 'dictManager', path: '/baseManager/dictManager', element },
  { code: 'individuation', path: '/individuation', element },
  { code: 'dashboard', path: '/dashboard', element },
];

describe('resolvePages (spec §4 route generation)', () => {
  // As the server serves it: the layout pages first (spec §2.11), then the granted groups.
  const menus = [
    node('orgManager', '/orgManager', [node('userManager', '/orgManager/userManager')]),
    node('dashboard', '/dashboard'),
  ];

  test('keeps the routes the served tree holds, drops the rest, takes title and icon from the menu', () => {
    const pages = resolvePages(routes, profile(menus));
    expect(pages.map((p) => p.path)).toEqual(['/dashboard', '/orgManager/userManager']);
    const users = pages.find((p) => p.code === 'userManager');
    expect(users).toMatchObject({ title: 'userManager-zh', titleEn: 'userManager-en', icon: 'UserOutlined' });
  });

  test('a layout page is there only when the served tree has it (no rule of its own in the console)', () => {
    const withPersonalisation = [...menus, { ...node('individuation', '/individuation'), hidden: true }];
    expect(resolvePages(routes, profile(withPersonalisation)).map((p) => p.code)).toContain('individuation');
    // The console does not second-guess the server: the account's flags alone add nothing.
    expect(resolvePages(routes, profile(menus, { tenantType: 5 })).map((p) => p.code)).not.toContain(
      'individuation',
    );
  });

  test('the same code in two groups matches by path', () => {
    const twice = [
      node('a', '/a', [node('signment', '/a/signment')]),
      node('b', '/b', [node('signment', '/b/signment')]),
    ];
    const pages = resolvePages([{ code: 'signment', path: '/b/signment', element }], profile(twice));
    expect(pages[0].path).toBe('/b/signment');
  });

  test('the first allowed page is the dashboard', () => {
    expect(firstAllowedPath(resolvePages(routes, profile(menus)))).toBe('/dashboard');
    expect(firstAllowedPath([])).toBe('/404');
  });
});
