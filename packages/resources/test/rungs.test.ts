import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  bulkContracts,
  contractList,
  defineResource,
  dictItemsMeta,
  fieldSchema,
  resourceLocale,
  rowSchema,
  scopeOf,
} from '../src/index.ts';

/** Issue 29 §5: bulk verbs, the field types date/money/image/richText, and the data scope beside the tenant flag. */
const base = {
  name: 'rungProbe',
  title: { zh: '测试', en: 'Probe' },
  menuCode: 'dictManager',
  actions: ['list'] as const,
  defaultSort: 'id',
};

describe('bulk verbs', () => {
  it('derive one bounded POST route per verb with its own code, listed with the resource’s routes', () => {
    const c = bulkContracts(dictItemsMeta);
    expect(
      Object.fromEntries(Object.entries(c).map(([k, r]) => [k, `${r.method} ${r.path} ${r.permission}`])),
    ).toEqual({
      enable: 'POST /api/admin/r/dictItems/bulk/enable dictManager:btn_edit',
      disable: 'POST /api/admin/r/dictItems/bulk/disable dictManager:btn_edit',
    });
    expect(c.enable.platformOnly).toBe(true);
    expect(contractList(dictItemsMeta)).toContain(c.disable);
    const body = c.enable.body!;
    expect(body.safeParse({ ids: [1, 2] }).success).toBe(true);
    expect(body.safeParse({ ids: [] }).success).toBe(false);
    expect(body.safeParse({ ids: Array.from({ length: 201 }, (_, i) => i + 1) }).success).toBe(false);
    expect(resourceLocale([dictItemsMeta], 'en').dictItems).toMatchObject({
      bulk: { enable: 'Enable', disable: 'Disable' },
    });
  });

  it('refuses a verb that is not kebab-case, named twice, or sets a field the form cannot write', () => {
    const fields = { name: { label: { zh: '名', en: 'Name' }, type: 'string' as const, schema: z.string() } };
    const verb = { label: { zh: '停', en: 'Stop' }, element: 'edit' };
    expect(() =>
      defineResource({ ...base, tenantScoped: false, fields, bulk: [{ ...verb, name: 'Stop' }] }),
    ).toThrow(/kebab-case/);
    expect(() =>
      defineResource({
        ...base,
        tenantScoped: false,
        fields,
        bulk: [
          { ...verb, name: 'stop' },
          { ...verb, name: 'stop' },
        ],
      }),
    ).toThrow(/twice/);
    expect(() =>
      defineResource({
        ...base,
        tenantScoped: false,
        fields,
        bulk: [{ ...verb, name: 'stop', set: { gone: 1 } }],
      }),
    ).toThrow(/no writable field gone/);
  });
});

describe('field types and data scope', () => {
  const meta = defineResource({
    ...base,
    actions: ['list', 'create'] as const,
    tenantScoped: true,
    scope: 'agent-companies',
    fields: {
      day: { label: { zh: '日期', en: 'Day' }, type: 'date', schema: z.string() },
      price: { label: { zh: '金额', en: 'Amount' }, type: 'money', schema: z.number().int() },
      logo: { label: { zh: '图片', en: 'Image' }, type: 'image', schema: z.string() },
      notes: { label: { zh: '说明', en: 'Notes' }, type: 'richText', schema: z.string() },
    },
  });

  it('types replies: money as integer fen, the others as text', () => {
    const row = rowSchema(meta);
    expect(
      row.safeParse({ id: 1, tenantId: 1, day: '2026-11-28', price: 1050, logo: null, notes: 'a' }).success,
    ).toBe(true);
    expect(
      row.safeParse({ id: 1, tenantId: 1, day: null, price: 10.5, logo: null, notes: null }).success,
    ).toBe(false);
  });

  it('refuses control characters in rich text and image keys, but keeps line breaks in rich text', () => {
    expect(fieldSchema(meta, 'notes', 'zh')!.safeParse('第一段\n\n- 一\n- 二').success).toBe(true);
    expect(fieldSchema(meta, 'notes', 'zh')!.safeParse('坏\u0000字').success).toBe(false);
    expect(fieldSchema(meta, 'logo', 'zh')!.safeParse('/uploads/a.png\n').success).toBe(false);
  });

  it('states the scope beside the tenant flag, and refuses a scope that contradicts it', () => {
    expect(scopeOf(meta)).toBe('agent-companies');
    expect(scopeOf(dictItemsMeta)).toBe('platform');
    expect(() =>
      defineResource({ ...base, tenantScoped: false, scope: 'agent-companies', fields: {} }),
    ).toThrow(/widens a tenant scope/);
    expect(() => defineResource({ ...base, tenantScoped: true, scope: 'platform', fields: {} })).toThrow(
      /no tenant column/,
    );
  });
});

describe('image fields', () => {
  it('get an upload route with the add or edit code, and take only addresses the uploads module wrote', async () => {
    const { imageUploadContract, imageUrlSchema } = await import('../src/index.ts');
    const meta = defineResource({
      ...base,
      actions: ['list', 'create', 'update'] as const,
      tenantScoped: false,
      fields: { logo: { label: { zh: '图片', en: 'Image' }, type: 'image', schema: imageUrlSchema } },
    });
    const c = imageUploadContract(meta)!;
    expect(`${c.method} ${c.path}`).toBe('POST /api/admin/r/rungProbe/images');
    expect(c.permission).toEqual(['dictManager:btn_add', 'dictManager:btn_edit']);
    expect(c.consumes).toBe('multipart');
    expect(contractList(meta)).toContain(c);
    expect(imageUploadContract(dictItemsMeta)).toBeNull();
    expect(imageUrlSchema.safeParse('/uploads/0b8f3c1e-2d4a-4c6b-9e1f-3a5b7c9d1e2f.png').success).toBe(true);
    for (const bad of [
      '/uploads/x.svg',
      'https://evil.example/a.png',
      'javascript:alert(1)',
      '/uploads/../a.png',
    ])
      expect(imageUrlSchema.safeParse(bad).success).toBe(false);
    expect(() =>
      defineResource({
        ...base,
        tenantScoped: false,
        fields: { logo: { label: { zh: '图片', en: 'Image' }, type: 'image', schema: imageUrlSchema } },
      }),
    ).toThrow(/uploaded by create or update/);
  });
});
