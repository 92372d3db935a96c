import { describe, expect, it } from 'vitest';
import { customersMeta, listQuery, resourceContracts, resourceLocale, skuMapMeta } from '../src/index.ts';

describe('ladder declarations → contracts', () => {
  it('puts a resource with basePath on the spec path, with template and import beside the generic verbs', () => {
    const c = resourceContracts(customersMeta);
    expect(
      Object.fromEntries(Object.entries(c).map(([a, r]) => [a, `${r.method} ${r.path} ${r.permission}`])),
    ).toEqual({
      list: 'GET /api/billing/v1/customers myCustomer',
      get: 'GET /api/billing/v1/customers/{id} myCustomer',
      create: 'POST /api/billing/v1/customers myCustomer:btn_add',
      update: 'PUT /api/billing/v1/customers/{id} myCustomer:btn_edit',
      delete: 'DELETE /api/billing/v1/customers/{id} myCustomer:btn_del',
      export: 'GET /api/billing/v1/customers/export myCustomer:btn_export',
      import: 'POST /api/billing/v1/customers/import myCustomer:btn_import',
      template: 'GET /api/billing/v1/customers/import-template myCustomer',
    });
    expect(c.list?.tag).toBe('billing');
    expect(c.template?.produces).toBe('file');
  });

  it('answers writes of a savedKey resource as { customer, warnings }', () => {
    const reply = resourceContracts(customersMeta).create!.reply!;
    expect(reply.safeParse({ customer: { id: 1 }, warnings: [] }).success).toBe(false);
    const shape = Object.keys((reply as unknown as { shape: Record<string, unknown> }).shape);
    expect(shape).toEqual(['customer', 'warnings']);
  });

  it('adds the keyword box to list and export queries, and batch delete where declared', () => {
    expect(listQuery(customersMeta).parse({ keyword: ' yskj ' })).toMatchObject({ keyword: 'yskj' });
    expect(listQuery(skuMapMeta).parse({ commodityId: '7' })).toMatchObject({ commodityId: 7 });
    const del = resourceContracts(skuMapMeta).deleteMany!;
    expect(`${del.method} ${del.path} ${del.permission}`).toBe(
      'POST /api/billing/v1/productNameCorrespondSku/delete-many goodsCompare:btn_del',
    );
    expect(del.body!.safeParse({ ids: [] }).success).toBe(false);
    expect(resourceContracts(customersMeta).deleteMany).toBeUndefined();
  });

  it('states the keyword placeholder once, in both languages', () => {
    expect(resourceLocale([customersMeta], 'en').customers).toMatchObject({
      keyword: 'Name, taxpayer number or pinyin initials',
    });
  });
});
