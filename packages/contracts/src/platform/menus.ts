import { z } from 'zod';
import { idParams, idSchema, okReply, optionalText, patchOf, text } from '../common.ts';
import { defineRoute } from '../route.ts';

/** Menu codes are route segments and permission keys: a letter, then letters, digits or underscores. */
export const MENU_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Element codes: `<menuCode>:btn_<action>` (glossary). */
export const ELEMENT_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*:btn_[A-Za-z][A-Za-z0-9_]*$/;

export const menuScope = z.enum(['tenant', 'platform']);

export const menuRow = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  code: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  icon: z.string().nullable(),
  path: z.string().nullable(),
  sortOrder: z.number().int(),
  hidden: z.boolean(),
  scope: menuScope,
  description: z.string().nullable(),
});
export type MenuRow = z.infer<typeof menuRow>;

export interface AdminMenuNode extends MenuRow {
  children: AdminMenuNode[];
}
export const adminMenuNode: z.ZodType<AdminMenuNode> = z.lazy(() =>
  menuRow.extend({ children: z.array(adminMenuNode) }),
);

export const elementRow = z.object({
  id: z.number().int(),
  menuId: z.number().int(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  sortOrder: z.number().int(),
});
export type ElementRow = z.infer<typeof elementRow>;

/** A menu with its buttons, for grant editors. */
export interface MenuElementNode extends MenuRow {
  elements: ElementRow[];
  children: MenuElementNode[];
}
export const menuElementNode: z.ZodType<MenuElementNode> = z.lazy(() =>
  menuRow.extend({ elements: z.array(elementRow), children: z.array(menuElementNode) }),
);

const sortOrderField = z.coerce
  .number()
  .int('排序须为整数')
  .min(0, '排序不能小于0')
  .max(100000, '排序不能大于100000')
  .default(0);

const menuFields = {
  titleZh: text(64, '中文名称').min(1, '请输入中文名称'),
  titleEn: text(64, '英文名称').min(1, '请输入英文名称'),
  icon: optionalText(500, '图标'),
  /** Console route; derived from the parent's path and the code when left empty. */
  path: optionalText(255, '路由'),
  sortOrder: sortOrderField,
  hidden: z.boolean().default(false),
  scope: menuScope.default('tenant'),
  description: optionalText(255, '描述'),
};

export const menuCreateBody = z.object({
  parentId: idSchema.nullable().optional(),
  code: z
    .string()
    .trim()
    .min(1, '请输入菜单编码')
    .max(64)
    .regex(MENU_CODE_PATTERN, '编码须以字母开头，只能包含字母、数字和下划线'),
  ...menuFields,
});
/**
 * The code is fixed once created: it is the route segment and the prefix of every element code. Only the fields
 * given change; a menu moved to the top level is sent with parentId null.
 */
export const menuUpdateBody = patchOf({ parentId: idSchema.nullable(), ...menuFields });

export const elementCreateBody = z.object({
  code: z.string().trim().max(128).regex(ELEMENT_CODE_PATTERN, '按钮编码格式应为 菜单编码:btn_动作'),
  nameZh: text(64, '中文名称').min(1, '请输入中文名称'),
  nameEn: text(64, '英文名称').min(1, '请输入英文名称'),
  sortOrder: sortOrderField,
});
/** Only the names and the order may change, and only those given. */
export const elementUpdateBody = patchOf(elementCreateBody.omit({ code: true }).shape);

const tag = 'menu';

export const getMenuTree = defineRoute({
  method: 'GET',
  path: '/api/admin/menu/tree',
  permission: 'menuManager',
  platformOnly: true,
  tag,
  summary: '菜单树 (可按名称过滤，或只取某个父菜单之下)',
  query: z.object({ title: text(64).optional(), parentId: idSchema.optional() }),
  reply: z.array(adminMenuNode),
});

export const getMenuElementTree = defineRoute({
  method: 'GET',
  path: '/api/admin/menu/elementTree',
  permission: 'menuManager',
  platformOnly: true,
  tag,
  summary: '带 menuId：该菜单的按钮；不带：菜单与按钮的完整树',
  query: z.object({ menuId: idSchema.optional() }),
  reply: z.union([z.array(elementRow), z.array(menuElementNode)]),
});

export const getAllMenus = defineRoute({
  method: 'GET',
  path: '/api/admin/menu/all',
  permission: 'menuManager',
  platformOnly: true,
  tag,
  summary: '全部菜单 (平铺)',
  reply: z.array(menuRow),
});

export const createMenu = defineRoute({
  method: 'POST',
  path: '/api/admin/menu',
  permission: 'menuManager:btn_add',
  platformOnly: true,
  tag,
  summary: '新增菜单',
  body: menuCreateBody,
  reply: menuRow,
});

export const getMenu = defineRoute({
  method: 'GET',
  path: '/api/admin/menu/{id}',
  permission: 'menuManager',
  platformOnly: true,
  tag,
  summary: '菜单详情',
  params: idParams,
  reply: menuRow,
});

export const updateMenu = defineRoute({
  method: 'PUT',
  path: '/api/admin/menu/{id}',
  permission: 'menuManager:btn_edit',
  platformOnly: true,
  tag,
  summary: '修改菜单 (编码不可改)',
  params: idParams,
  body: menuUpdateBody,
  reply: menuRow,
});

export const deleteMenu = defineRoute({
  method: 'DELETE',
  path: '/api/admin/menu/{id}',
  permission: 'menuManager:btn_del',
  platformOnly: true,
  tag,
  summary: '删除菜单 (有子菜单时拒绝；同时删除其按钮与授权)',
  params: idParams,
  reply: okReply,
});

export const listMenuElements = defineRoute({
  method: 'GET',
  path: '/api/admin/menu/{id}/elements',
  permission: 'menuManager',
  platformOnly: true,
  tag,
  summary: '菜单的按钮列表',
  params: idParams,
  reply: z.array(elementRow),
});

export const createMenuElement = defineRoute({
  method: 'POST',
  path: '/api/admin/menu/{id}/elements',
  permission: 'menuManager:btn_element',
  platformOnly: true,
  tag,
  summary: '新增按钮 (编码 菜单编码:btn_动作)',
  params: idParams,
  body: elementCreateBody,
  reply: elementRow,
});

export const updateElement = defineRoute({
  method: 'PUT',
  path: '/api/admin/element/{id}',
  permission: 'menuManager:btn_element',
  platformOnly: true,
  tag,
  summary: '修改按钮 (编码不可改)',
  params: idParams,
  body: elementUpdateBody,
  reply: elementRow,
});

export const deleteElement = defineRoute({
  method: 'DELETE',
  path: '/api/admin/element/{id}',
  permission: 'menuManager:btn_element',
  platformOnly: true,
  tag,
  summary: '删除按钮及其授权',
  params: idParams,
  reply: okReply,
});

export const uploadMenuIcon = defineRoute({
  method: 'POST',
  path: '/api/admin/menu/uploadImgs',
  permission: 'menuManager:btn_edit',
  platformOnly: true,
  tag,
  consumes: 'multipart',
  summary: '上传菜单图标 (png/jpeg/svg，≤ 2 MB)',
  reply: z.object({ url: z.string() }),
});
