import type { AuthorityMenu } from '@fpy/contracts';
import { describe, expect, it } from 'vitest';
import { buildGrantIndex, splitKeys, toggleGrant } from './grant-tree.ts';

const menus: AuthorityMenu[] = [
  {
    id: 1,
    code: 'orgManager',
    title: '组织管理',
    titleEn: 'Organisation',
    elements: [],
    children: [
      {
        id: 2,
        code: 'userManager',
        title: '用户管理',
        titleEn: 'Users',
        children: [],
        elements: [
          { id: 10, code: 'userManager:btn_add', name: '新增', nameEn: 'Add' },
          { id: 11, code: 'userManager:btn_del', name: '删除', nameEn: 'Delete' },
        ],
      },
    ],
  },
];

describe('grant tree', () => {
  const index = buildGrantIndex(menus, false);

  it('nests buttons under their menu as leaves', () => {
    expect(index.tree[0].children[0].children.map((n) => n.key)).toEqual(['e10', 'e11']);
    expect(buildGrantIndex(menus, true).tree[0].title).toBe('Organisation');
  });

  it('ticking a button ticks its menus, not its siblings', () => {
    const next = toggleGrant(new Set(), 'e10', true, index);
    expect([...next].sort()).toEqual(['e10', 'm1', 'm2']);
  });

  it('a menu can stay granted without its buttons', () => {
    const all = toggleGrant(new Set(), 'm1', true, index);
    expect([...all].sort()).toEqual(['e10', 'e11', 'm1', 'm2']);
    const viewOnly = toggleGrant(toggleGrant(all, 'e10', false, index), 'e11', false, index);
    expect(splitKeys(viewOnly)).toEqual({ menuIds: [1, 2], elementIds: [] });
    expect([...toggleGrant(all, 'm2', false, index)]).toEqual(['m1']);
  });
});
