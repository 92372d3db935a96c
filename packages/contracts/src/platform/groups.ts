import { z } from 'zod';
import {
  blankText,
  idArray,
  idParams,
  idSchema,
  okReply,
  optionalQueryId,
  pagedQuery,
  pageReply,
  patchOf,
  text,
} from '../common.ts';
import { defineRoute } from '../route.ts';

export const groupTypeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
});

export const groupRow = z.object({
  id: z.number().int(),
  /** null = a platform group. */
  tenantId: z.number().int().nullable(),
  tenantName: z.string().nullable(),
  groupTypeId: z.number().int(),
  groupTypeName: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  memberCount: z.number().int(),
  /** The company's 管理员 group: cannot be deleted and must keep an active member. */
  protected: z.boolean(),
  createdAt: z.string(),
});
export type GroupRow = z.infer<typeof groupRow>;

export const listGroupTypes = defineRoute({
  method: 'GET',
  path: '/api/admin/group-types',
  permission: 'groupManager',
  tag: 'org',
  summary: '用户组类型 (企业账户只看到企业角色)',
  reply: z.array(groupTypeRow),
});

export const GROUP_SORTS = ['createdAt', 'code', 'name'] as const;

export const listGroups = defineRoute({
  method: 'GET',
  path: '/api/admin/groups',
  permission: 'groupManager',
  tag: 'org',
  summary: '用户组列表',
  query: pagedQuery(GROUP_SORTS).extend({
    keyword: text(64).optional(),
    groupTypeId: optionalQueryId,
    tenantId: optionalQueryId,
  }),
  reply: pageReply(groupRow),
});

const groupFields = {
  name: text(64, '用户组名称').min(1, '请输入用户组名称'),
  description: blankText(255, '描述'),
};

export const createGroup = defineRoute({
  method: 'POST',
  path: '/api/admin/groups',
  permission: 'groupManager:btn_add',
  tag: 'org',
  summary: '新增用户组 (编码在企业内唯一，创建后不可修改)',
  body: z.object({
    ...groupFields,
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_-]{1,31}$/, '编码须为2-32位字母、数字、_ 或 -，以字母开头'),
    groupTypeId: idSchema,
    /** Platform accounts creating a company group name the company. */
    tenantId: idSchema.optional(),
  }),
  reply: groupRow,
});

export const updateGroup = defineRoute({
  method: 'PUT',
  path: '/api/admin/groups/{id}',
  permission: 'groupManager:btn_edit',
  tag: 'org',
  summary: '编辑用户组名称与描述 (只改所给字段)',
  params: idParams,
  body: patchOf(groupFields),
  reply: groupRow,
});

export const deleteGroup = defineRoute({
  method: 'DELETE',
  path: '/api/admin/groups/{id}',
  permission: 'groupManager:btn_del',
  tag: 'org',
  summary: '删除用户组 (企业管理员组不可删除)',
  params: idParams,
  reply: okReply,
});

export const groupMemberRow = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  status: z.number().int(),
});

export const getGroupMembers = defineRoute({
  method: 'GET',
  path: '/api/admin/groups/{id}/members',
  permission: 'groupManager',
  tag: 'org',
  summary: '用户组成员',
  params: idParams,
  reply: z.array(groupMemberRow),
});

export const setGroupMembers = defineRoute({
  method: 'PUT',
  path: '/api/admin/groups/{id}/members',
  permission: 'groupManager:btn_member',
  tag: 'org',
  summary: '设置用户组成员 (整体替换；成员须属于同一企业)',
  params: idParams,
  body: z.object({ userIds: idArray(2000) }),
  reply: z.array(groupMemberRow),
});

/** One menu of the grant editor with its buttons; only what the caller may grant is listed. */
export interface AuthorityMenu {
  id: number;
  code: string;
  title: string;
  titleEn: string;
  elements: { id: number; code: string; name: string; nameEn: string }[];
  children: AuthorityMenu[];
}
export const authorityMenu: z.ZodType<AuthorityMenu> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    code: z.string(),
    title: z.string(),
    titleEn: z.string(),
    elements: z.array(
      z.object({ id: z.number().int(), code: z.string(), name: z.string(), nameEn: z.string() }),
    ),
    children: z.array(authorityMenu),
  }),
);

export const getGroupAuthority = defineRoute({
  method: 'GET',
  path: '/api/admin/groups/{id}/authority',
  permission: 'groupManager:btn_grant',
  tag: 'org',
  summary: '权限分配：可授予的菜单与按钮树，及本组已授予的',
  params: idParams,
  reply: z.object({
    menus: z.array(authorityMenu),
    menuIds: z.array(z.number().int()),
    elementIds: z.array(z.number().int()),
  }),
});

export const setGroupAuthority = defineRoute({
  method: 'PUT',
  path: '/api/admin/groups/{id}/authority',
  permission: 'groupManager:btn_grant',
  tag: 'org',
  summary: '保存权限分配 (每一项都须可由当前账户授予；整体替换)',
  params: idParams,
  body: z.object({ menuIds: idArray(2000), elementIds: idArray(5000) }),
  reply: okReply,
});
