import {
  defineRoute,
  elementCode,
  idArray,
  idParams,
  importReport,
  okReply,
  pageReply,
  type RouteContract,
  rowIssue,
} from '@fpy/contracts';
import { z } from 'zod';
import type { Action, ResourceMeta } from './define.ts';
import { exportQuery, listQuery } from './query.ts';
import { rowSchema, updateBody, writeBody } from './schemas.ts';

/** The element code each action needs; reading needs the menu code itself. */
export const ACTION_ELEMENT: Record<Exclude<Action, 'list' | 'get' | 'template'>, string> = {
  create: 'add',
  update: 'edit',
  delete: 'del',
  deleteMany: 'del',
  export: 'export',
  import: 'import',
};

export const permissionOf = (meta: ResourceMeta, action: Action) =>
  action === 'list' || action === 'get' || action === 'template'
    ? meta.menuCode
    : elementCode(meta.menuCode, ACTION_ELEMENT[action]);

export const resourcePath = (name: string) => `/api/admin/r/${name}`;

/** Where a resource's routes live: the spec's path when it declares one. */
export const basePathOf = (meta: ResourceMeta) => meta.basePath ?? resourcePath(meta.name);

/** Row-by-row outcome; rows saved with a warning of the write hook are named like the errors. */
export const importReply = importReport.extend({ warnings: z.array(rowIssue) });
export type ImportReply = z.infer<typeof importReply>;

/** The selected rows to delete; a batch is bounded so one request cannot hold the table for long. */
export const deleteManyBody = z.object({
  ids: idArray(500, { min: 1, minMessage: '请选择要删除的记录', maxMessage: '一次最多删除500条' }),
});
export const deleteManyReply = z.object({ deleted: z.number().int() });

/** A write's answer: the row, or `{ [savedKey]: row, warnings }` where the resource declares savedKey. */
export const savedReply = (meta: ResourceMeta) => {
  const row = rowSchema(meta);
  return meta.savedKey ? z.object({ [meta.savedKey]: row, warnings: z.array(z.string()) }) : row;
};

/** The selected rows of a bulk verb, bounded per verb so one request cannot hold the table for long. */
export const bulkBody = (max: number) =>
  z.object({
    ids: idArray(max, { min: 1, minMessage: '请选择记录', maxMessage: `一次最多选择${max}条` }),
  });
export const bulkReply = z.object({ updated: z.number().int() });
export const DEFAULT_BULK_MAX = 200;

/** One route per declared bulk verb: POST <base>/bulk/<verb>, needing `<menuCode>:btn_<element>`. */
function buildBulk(meta: ResourceMeta): Record<string, RouteContract> {
  const base = basePathOf(meta);
  return Object.fromEntries(
    (meta.bulk ?? []).map((v) => [
      v.name,
      defineRoute({
        tag: meta.tag ?? meta.name,
        platformOnly: meta.platformOnly || undefined,
        method: 'POST',
        path: `${base}/bulk/${v.name}`,
        permission: elementCode(meta.menuCode, v.element),
        summary: `${meta.title.zh}：批量${v.label.zh}`,
        body: bulkBody(v.max ?? DEFAULT_BULK_MAX),
        reply: bulkReply,
      }),
    ]),
  );
}

/** An address the uploads module wrote (`/uploads/<uuid>.png|jpg`): the only value an image field takes. */
export const imageUrlSchema = z.string().regex(/^\/uploads\/[0-9a-f-]{36}\.(png|jpg)$/, '请上传图片');

/**
 * The upload of a resource's image fields: POST <base>/images (multipart, one `file`) → { url }, with the
 * code of adding or editing a row. Null when no writable field is an image.
 */
export function imageUploadContract(meta: ResourceMeta): RouteContract | null {
  const hasImage = Object.values(meta.fields).some((f) => f.type === 'image' && f.schema);
  if (!hasImage) return null;
  let c = imageCache.get(meta);
  if (!c) {
    const codes = (['create', 'update'] as const)
      .filter((a) => meta.actions.includes(a))
      .map((a) => permissionOf(meta, a));
    c = defineRoute({
      tag: meta.tag ?? meta.name,
      platformOnly: meta.platformOnly || undefined,
      method: 'POST',
      path: `${basePathOf(meta)}/images`,
      permission: codes.length === 1 ? codes[0] : codes,
      summary: `${meta.title.zh}：上传图片（png/jpeg/svg，≤ 2 MB，重新编码后保存）`,
      consumes: 'multipart',
      reply: z.object({ url: z.string() }),
    });
    imageCache.set(meta, c);
  }
  return c;
}
const imageCache = new WeakMap<ResourceMeta, RouteContract>();

const bulkCache = new WeakMap<ResourceMeta, Record<string, RouteContract>>();

/** The bulk verbs' contracts by verb name, memoised like resourceContracts. */
export function bulkContracts(meta: ResourceMeta): Record<string, RouteContract> {
  let c = bulkCache.get(meta);
  if (!c) {
    c = buildBulk(meta);
    bulkCache.set(meta, c);
  }
  return c;
}

function build(meta: ResourceMeta) {
  const base = basePathOf(meta);
  const row = rowSchema(meta);
  const saved = savedReply(meta);
  const body = writeBody(meta);
  const common = { tag: meta.tag ?? meta.name, platformOnly: meta.platformOnly || undefined };
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
      reply: saved,
    }),
    update: defineRoute({
      ...common,
      method: 'PUT',
      path: `${base}/{id}`,
      permission: permissionOf(meta, 'update'),
      summary: `${t}：修改（只改所给字段）`,
      params: idParams,
      body: updateBody(meta),
      reply: saved,
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
    deleteMany: defineRoute({
      ...common,
      method: 'POST',
      path: `${base}/delete-many`,
      permission: permissionOf(meta, 'deleteMany'),
      summary: `${t}：批量删除`,
      body: deleteManyBody,
      reply: deleteManyReply,
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
    template: defineRoute({
      ...common,
      method: 'GET',
      path: `${base}/import-template`,
      permission: permissionOf(meta, 'template'),
      summary: `${t}：下载导入模板 (xlsx)`,
      produces: 'file',
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
export const contractList = (meta: ResourceMeta): RouteContract[] => [
  ...(Object.values(resourceContracts(meta)) as RouteContract[]),
  ...Object.values(bulkContracts(meta)),
  ...[imageUploadContract(meta)].filter((c): c is RouteContract => !!c),
];
