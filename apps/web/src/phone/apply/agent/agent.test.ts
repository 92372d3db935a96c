import { describe, expect, it } from 'vitest';
import { boardLanding, filterTenants } from './api.ts';
import en from './locales/en.ts';
import zh from './locales/zh.ts';

const tenants = [
  { name: '上海星河餐饮有限公司', boards: [] },
  { name: '星河停车管理（上海）有限公司', boards: [] },
  { name: 'Acme Trading Co', boards: [] },
];

describe('代理商入口 page helpers', () => {
  it('filters companies by every word typed, case and spaces ignored', () => {
    expect(filterTenants(tenants, '').length).toBe(3);
    expect(filterTenants(tenants, '  ').length).toBe(3);
    expect(filterTenants(tenants, '星河').map((t) => t.name)).toEqual([
      '上海星河餐饮有限公司',
      '星河停车管理（上海）有限公司',
    ]);
    expect(filterTenants(tenants, '星河 停车').map((t) => t.name)).toEqual(['星河停车管理（上海）有限公司']);
    expect(filterTenants(tenants, 'acme TRADING').map((t) => t.name)).toEqual(['Acme Trading Co']);
    expect(filterTenants(tenants, '不存在')).toEqual([]);
  });

  it('a board opens the landing of its invoice kind', () => {
    expect(boardLanding({ invoiceKind: 'allEle' })).toBe('/allEleCodeBoardPlat');
    expect(boardLanding({ invoiceKind: 'normal' })).toBe('/enterpriseCodePlate');
  });

  it('English has every Chinese key, none empty', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const v of Object.values(en)) expect(v.trim()).not.toBe('');
  });
});
