import { catalogueCodes } from '@fpy/contracts';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  contractList,
  defineResource,
  dictItemsMeta,
  gateLogsMeta,
  listQuery,
  sandboxMessagesMeta,
  positionsMeta,
  resourceContracts,
  resourceLocale,
  resourceMetas,
} from '../src/index.ts';

describe('metadata → contracts', () => {
  it('derives the six routes with read and element permission codes', () => {
    const c = resourceContracts(positionsMeta);
    expect(
      Object.fromEntries(Object.entries(c).map(([a, r]) => [a, `${r.method} ${r.path} ${r.permission}`])),
    ).toEqual({
      list: 'GET /api/admin/r/positions positionManager',
      get: 'GET /api/admin/r/positions/{id} positionManager',
      create: 'POST /api/admin/r/positions positionManager:btn_add',
      update: 'PUT /api/admin/r/positions/{id} positionManager:btn_edit',
      delete: 'DELETE /api/admin/r/positions/{id} positionManager:btn_del',
      export: 'GET /api/admin/r/positions/export positionManager:btn_export',
    });
    expect(c.export?.produces).toBe('file');
    expect(c.list?.platformOnly).toBeUndefined();
  });

  it('gives a read-only resource only its declared reads and marks platform resources', () => {
    expect(Object.keys(resourceContracts(gateLogsMeta))).toEqual(['list', 'get', 'export']);
    expect(Object.keys(resourceContracts(sandboxMessagesMeta))).toEqual(['list', 'get']);
    expect(contractList(sandboxMessagesMeta).every((r) => r.platformOnly)).toBe(true);
  });

  it('returns the very same contract objects each time (server and web share them)', () => {
    expect(resourceContracts(positionsMeta).list).toBe(resourceContracts(positionsMeta).list);
  });

  it('uses only permission codes the menu catalogue declares', () => {
    const codes = catalogueCodes();
    for (const m of resourceMetas)
      for (const r of contractList(m)) expect(codes, `${m.name} ${r.permission}`).toContain(r.permission);
  });

  it('builds filter query parameters of every kind', () => {
    const q = listQuery(gateLogsMeta);
    const parsed = q.parse({
      status: '4xx',
      method: 'GET',
      createdAtFrom: '2024-05-01',
      createdAtTo: '2024-05-01',
      path: ' /api ',
    });
    expect(parsed).toMatchObject({ page: 1, limit: 20, status: '4xx', method: 'GET', path: '/api' });
    // Bare dates are China-time days.
    expect((parsed.createdAtFrom as Date).toISOString()).toBe('2024-04-30T16:00:00.000Z');
    expect((parsed.createdAtTo as Date).toISOString()).toBe('2024-05-01T15:59:59.999Z');
    expect(q.safeParse({ status: '6xx' }).success).toBe(false);
    expect(q.safeParse({ method: 'TRACE' }).success).toBe(false);
    expect(q.safeParse({ createdAtFrom: 'yesterday' }).success).toBe(false);
    expect(q.safeParse({ path: 'x'.repeat(256) }).success).toBe(false);
    expect(listQuery(dictItemsMeta).parse({ typeId: '3', enabled: 'false' })).toMatchObject({
      typeId: 3,
      enabled: 'false',
    });
  });

  it('words body validation in Chinese with the field label', () => {
    const body = resourceContracts(positionsMeta).create!.body!;
    const msg = (v: unknown) => body.safeParse(v).error?.issues.map((i) => i.message);
    expect(msg({})).toEqual(['请输入岗位名称', '请输入岗位编码']);
    expect(msg({ name: 'a'.repeat(65), code: 'ok' })).toEqual(['岗位名称不能超过64个字符']);
    expect(msg({ name: 'a', code: 'ok', sortOrder: 'x' })).toEqual(['排序的类型不正确']);
    expect(msg({ name: 'a', code: '有空格 ' })).toEqual(['岗位编码只能包含字母、数字、下划线和短横线']);
    expect(body.parse({ name: ' 岗位 ', code: 'P1', id: 9, createdAt: 'x' })).toEqual({
      name: '岗位',
      code: 'P1',
      sortOrder: 0,
    });
  });

  it('refuses control characters in every text field, sorts only by sortable keys, and updates by patch', () => {
    const c = resourceContracts(positionsMeta);
    const msg = (v: unknown) => c.create!.body!.safeParse(v).error?.issues.map((i) => i.message);
    expect(msg({ name: '岗\u0000位', code: 'P1' })).toEqual(['岗位名称不能包含空字符（\\0）']);
    expect(msg({ name: '岗\u0007位', code: 'P1' })).toEqual(['岗位名称不能包含控制字符']);
    // A textarea may hold line breaks.
    expect(msg({ name: '岗位', code: 'P1', description: '第一行\n第二行' })).toBeUndefined();
    // The update body changes only what it is given: no default order written over the stored one.
    expect(c.update!.body!.parse({ name: ' 新名称 ' })).toEqual({ name: '新名称' });
    const q = listQuery(positionsMeta);
    expect(q.parse({ sort: '-code' }).sort).toBe('-code');
    for (const sort of ['__proto__', 'constructor', 'tenantId', 'description'])
      expect(q.safeParse({ sort }).success, sort).toBe(false);
    expect(listQuery(gateLogsMeta).safeParse({ createdAtFrom: '2026-02-30' }).success).toBe(false);
    expect(listQuery(dictItemsMeta).safeParse({ typeId: '2147483648' }).success).toBe(false);
  });

  it('documents bodies as JSON Schema (OpenAPI) despite the labelled messages', () => {
    const js = z.toJSONSchema(resourceContracts(positionsMeta).create!.body!, { io: 'input' }) as {
      properties: Record<string, { maxLength?: number }>;
    };
    expect(js.properties.name.maxLength).toBe(64);
  });

  it('builds the locale subtree from the labels', () => {
    expect(resourceLocale([positionsMeta, sandboxMessagesMeta], 'en')).toMatchObject({
      positions: { title: 'Positions', fields: { code: 'Code' } },
      sandboxMessages: { options: { channel: { sms: 'SMS', email: 'E-mail' } } },
    });
  });

  it('refuses malformed declarations', () => {
    expect(() =>
      defineResource({
        name: 'x',
        title: { zh: 'x', en: 'x' },
        menuCode: 'x',
        tenantScoped: false,
        actions: [],
        defaultSort: 'nope',
        fields: {},
      }),
    ).toThrow(/defaultSort/);
    expect(() =>
      defineResource({
        name: 'x',
        title: { zh: 'x', en: 'x' },
        menuCode: 'x',
        tenantScoped: false,
        actions: [],
        defaultSort: 'id',
        fields: { a: { label: { zh: 'a', en: 'a' }, type: 'string', filter: 'select' } },
      }),
    ).toThrow(/options/);
  });
});

describe('schema info for forms', async () => {
  const { schemaLimits, isRequired } = await import('../src/index.ts');
  it('reads limits through wrappers', () => {
    const f = positionsMeta.fields;
    expect(schemaLimits(f.code.schema)).toEqual({ maxLength: 32 });
    expect(schemaLimits(f.description.schema)).toEqual({ maxLength: 255 });
    expect(schemaLimits(f.sortOrder.schema)).toMatchObject({ min: 0, max: 9999 });
    expect([
      isRequired(f.name.schema),
      isRequired(f.description.schema),
      isRequired(f.sortOrder.schema),
    ]).toEqual([true, false, false]);
  });
});
