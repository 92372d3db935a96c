import type { MenuNode } from '@fpy/contracts';
import { describe, expect, test } from 'vitest';
import { menuPath, menuTrail, sidebarMenus } from './sidebar-menus.ts';

const node = (code: string, children: MenuNode[] = [], extra: Partial<MenuNode> = {}): MenuNode => ({
  code,
  title: code,
  titleEn: code,
  icon: null,
  path: null,
  hidden: false,
  children,
  ...extra,
});

const tree = [
  node('outputInvoiceManager', [
    node('preopenApplication'),
    node('preopenAuditManager'),
    node('preopenRecordManager'),
    node('invoiceOpener'),
    node('goodsCode'),
  ]),
  node('systemSetupManager', [node('productKey'), node('scanTitle', [], { hidden: true })]),
];
const codes = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children)]);
const all = () => true;

describe('sidebar rules (spec §4)', () => {
  test('invoiceMethod 0 removes 发票开具', () => {
    const c = codes(sidebarMenus(tree, 0, all));
    expect(c).not.toContain('invoiceOpener');
    expect(c).toContain('preopenApplication');
  });

  test('invoiceMethod 1 removes the 预开管理 entries', () => {
    const c = codes(sidebarMenus(tree, 1, all));
    expect(c).toContain('invoiceOpener');
    expect(c).not.toContain('preopenApplication');
    expect(c).not.toContain('preopenAuditManager');
    expect(c).not.toContain('preopenRecordManager');
  });

  test('productKey and hidden entries are never listed; an emptied group goes too', () => {
    const c = codes(sidebarMenus(tree, 1, all));
    expect(c).not.toContain('productKey');
    expect(c).not.toContain('scanTitle');
    expect(c).not.toContain('systemSetupManager');
  });

  test('entries without a page in this build are not listed', () => {
    const c = codes(sidebarMenus(tree, 1, (path) => path === '/outputInvoiceManager/goodsCode'));
    expect(c).toEqual(['outputInvoiceManager', 'goodsCode']);
  });

  test('links take the form /{top}/{child} unless the server gives a path', () => {
    expect(menuPath(node('goodsCode'), [node('outputInvoiceManager')])).toBe(
      '/outputInvoiceManager/goodsCode',
    );
    expect(menuPath(node('x', [], { path: '/custom' }), [])).toBe('/custom');
    expect(menuTrail(tree, '/outputInvoiceManager/goodsCode')).toEqual(['outputInvoiceManager', 'goodsCode']);
  });
});
