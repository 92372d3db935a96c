import { defineRoute, elementCode, idParams, okReply, pageReply, type RouteContract } from '@fpy/contracts';
import { z } from 'zod';
import type { Action, ResourceMeta } from './define.ts';
import { exportQuery, listQuery } from './query.ts';
import { rowSchema, updateBody, writeBody } from './schemas.ts';

/** The element code each action needs; reading needs the menu code itself. */
export const ACTION_ELEMENT: Record<Exclude<Action, 'list' | 'get'>, string> = {
  create: 'add',
  update: 'edit',
  delete: 'del',
  export: 'export',
  import: 'import',
};

export const permissionOf = (meta: ResourceMeta, action: Action) =>
  action === 'list' || action === 'get' ? meta.menuCode : elementCode(meta.menuCode, ACTION_ELEMENT[action]);

export const resourcePath = (name: string) => `/api/admin/r/${name}`;

export const importReply = z.object({
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  errors: z.array(z.object({ rowNumber: z.number().int(), message: z.string() })),
});

function build(meta: ResourceMeta) {
  const base = resourcePath(meta.name);
  const row = rowSchema(meta);
  const body = writeBody(meta);
  const common = { tag: meta.name, platformOnly: meta.platformOnly || undefined };
  const t = meta.title.zh;
  return {
    list: defineRoute({
      ...common,
      method: 'GET',
      path: base,
      permission: permissionOf(meta, 'list'),
      summary: `${t}：列表`,
      query: listQuery(meta),
      reply: pageReply(row),
    }),
    get: defineRoute({
      ...common,
      method: 'GET',
      path: `${base}/{id}`,
      permission: permissionOf(meta, 'get'),
      summary: `${t}：详情`,
      params: idParams,
      reply: row,
    }),
    create: defineRoute({
      ...common,
      method: 'POST',
      path: base,
      permission: permissionOf(meta, 'create'),
      summary: `${t}：新增`,
      body,
      reply: row,
    }),
    update: defineRoute({
      ...common,
      method: 'PUT',
      path: `${base}/{id}`,
      permission: permissionOf(meta, 'update'),
      summary: `${t}：修改（只改所给字段）`,
      params: idParams,
      body: updateBody(meta),
      reply: row,
    }),
    delete: defineRoute({
      ...common,
      method: 'DELETE',
      path: `${base}/{id}`,
      permission: permissionOf(meta, 'delete'),
      summary: `${t}：删除`,
      params: idParams,
      reply: okReply,
    }),
    export: defineRoute({
      ...common,
      method: 'GET',
      path: `${base}/export`,
      permission: permissionOf(meta, 'export'),
      summary: `${t}：导出 Excel`,
      query: exportQuery(meta),
      produces: 'file',
    }),
    import: defineRoute({
      ...common,
      method: 'POST',
      path: `${base}/import`,
      permission: permissionOf(meta, 'import'),
      summary: `${t}：导入 Excel`,
      consumes: 'multipart',
      reply: importReply,
    }),
  };
}

export type ResourceContracts = ReturnType<typeof build>;

const cache = new WeakMap<ResourceMeta, Partial<ResourceContracts>>();

/**
 * The routes a resource declares, derived from its metadata: only the actions it lists (a read-only resource
 * has list/get/export). Memoised so the server and the web hold the very same contract objects.
 */
export function resourceContracts(meta: ResourceMeta): Partial<ResourceContracts> {
  let c = cache.get(meta);
  if (!c) {
    const all = build(meta);
    c = Object.fromEntries(meta.actions.map((a) => [a, all[a]])) as Partial<ResourceContracts>;
    cache.set(meta, c);
  }
  return c;
}

/** Every contract of the resource, for registration and the permission walk. */
export const contractList = (meta: ResourceMeta): RouteContract[] =>
  Object.values(resourceContracts(meta)) as RouteContract[];
