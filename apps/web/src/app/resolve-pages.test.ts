import type { FrontInfo, MenuNode } from '@fpy/contracts';
import type { ComponentType, LazyExoticComponent } from 'react';
import { describe, expect, test } from 'vitest';
import type { FeatureRoute } from './feature-route.ts';
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
  { code: 'individuation', path: '/individuation', element, always: true, when: (p) => p.tenantType === 5 },
  { code: 'dashboard', path: '/dashboard', element, always: true },
];

describe('resolvePages (spec §4 route generation)', () => {
  const menus = [node('orgManager', '/orgManager', [node('userManager', '/orgManager/userManager')])];

  test('keeps granted and always routes, drops the rest, takes title and icon from the menu', () => {
    const pages = resolvePages(routes, profile(menus));
    expect(pages.map((p) => p.path)).toEqual(['/dashboard', '/orgManager/userManager']);
    const users = pages.find((p) => p.code === 'userManager');
    expect(users).toMatchObject({ title: 'userManager-zh', titleEn: 'userManager-en', icon: 'UserOutlined' });
  });

  test('a condition on the account hides an always route', () => {
    expect(resolvePages(routes, profile(menus, { tenantType: 5 })).map((p) => p.code)).toContain(
      'individuation',
    );
    expect(resolvePages(routes, profile(menus)).map((p) => p.code)).not.toContain('individuation');
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
