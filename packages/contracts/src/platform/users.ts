import { passwordProblem } from '@fpy/domain';
import { z } from 'zod';
import {
  blankText,
  idArray,
  idParams,
  idSchema,
  importReport,
  okReply,
  optionalQueryId,
  pagedQuery,
  pageReply,
  patchOf,
  sortParam,
  text,
} from '../common.ts';
import { defineRoute } from '../route.ts';
import { departmentNode } from './departments.ts';

/** Mainland China mobile numbers: 11 digits starting 13–19. */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
/** Login names: letters, digits and _ . @ -, 3–32 characters, starting with a letter or digit. */
export const USERNAME_RE = /^[A-Za-z0-9][A-Za-z0-9_.@-]{2,31}$/;

/** A form field that may be left blank: '' and null both mean "none". */
const blankable = <T extends z.ZodType<string>>(s: T) =>
  z
    .union([z.literal(''), s])
    .nullish()
    .transform((v) => (v ? (v as z.output<T>) : null));

export const passwordField = z.string().superRefine((v, c) => {
  const problem = passwordProblem(v);
  if (problem) c.addIssue({ code: 'custom', message: problem });
});
export const usernameField = z
  .string()
  .trim()
  .regex(USERNAME_RE, '用户名须为3-32位字母、数字或 _ . @ -，以字母或数字开头');
export const mobileField = blankable(z.string().trim().regex(MOBILE_RE, '请输入正确的手机号'));
export const emailField = blankable(z.string().trim().max(128).email('请输入正确的邮箱地址'));
const nullableId = idSchema.nullish().transform((v) => v ?? null);
const groupIdsField = idArray(50, { maxMessage: '一次最多选择50个用户组' });

export const userRow = z.object({
  id: z.number().int(),
  tenantId: z.number().int().nullable(),
  tenantName: z.string().nullable(),
  username: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  description: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  positionId: z.number().int().nullable(),
  positionName: z.string().nullable(),
  groups: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  /** 1 active, 0 disabled. */
  status: z.number().int(),
  /** Locked by too many wrong passwords (until lockedUntil). */
  locked: z.boolean(),
  lockedUntil: z.string().nullable(),
  isSuperAdmin: z.number().int(),
  passwordState: z.string(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserRow = z.infer<typeof userRow>;

/** The filters of the list, also applied by the export. */
export const userFilters = z.object({
  keyword: text(64).optional(),
  /** Includes every sub-department. */
  departmentId: optionalQueryId,
  positionId: optionalQueryId,
  groupId: optionalQueryId,
  status: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(0).max(1).optional(),
  ),
  locked: z.preprocess(
    // Absent or cleared means no filter; only an explicit value narrows the list.
    (v) => (v === undefined || v === '' || v === null ? undefined : v === true || v === 'true' || v === '1'),
    z.boolean().optional(),
  ),
  /** Platform accounts only: one company's users. */
  tenantId: optionalQueryId,
});

export const USER_SORTS = ['createdAt', 'username', 'name', 'lastLoginAt', 'status'] as const;

export const listUsers = defineRoute({
  method: 'GET',
  path: '/api/admin/users',
  permission: 'userManager',
  tag: 'org',
  summary: '用户列表 (关键字匹配用户名/姓名/手机号；部门含下级部门)',
  query: pagedQuery(USER_SORTS).extend(userFilters.shape),
  reply: pageReply(userRow),
});

export const getUser = defineRoute({
  method: 'GET',
  path: '/api/admin/users/{id}',
  permission: 'userManager',
  tag: 'org',
  summary: '用户详情',
  params: idParams,
  reply: userRow,
});

export const userOptions = defineRoute({
  method: 'GET',
  path: '/api/admin/users/options',
  permission: 'userManager',
  tag: 'org',
  summary: '用户表单与筛选的可选项：部门树、岗位、用户组 (一个企业)',
  query: z.object({ tenantId: optionalQueryId }),
  reply: z.object({
    departments: z.array(departmentNode),
    positions: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
    groups: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  }),
});

const profileFields = {
  name: text(64, '姓名').min(1, '请输入姓名'),
  phone: mobileField,
  email: emailField,
  departmentId: nullableId,
  positionId: nullableId,
  description: blankText(255, '描述'),
};

export const createUser = defineRoute({
  method: 'POST',
  path: '/api/admin/users',
  permission: 'userManager:btn_add',
  tag: 'org',
  summary: '新增用户 (用户名全平台唯一；初始密码由管理员设定，首次登录须修改)',
  body: z.object({
    /** Platform accounts must name the company; tenant administrators create in their own. */
    tenantId: idSchema.optional(),
    username: usernameField,
    password: passwordField,
    ...profileFields,
    groupIds: groupIdsField.default([]),
  }),
  reply: userRow,
});

export const updateUser = defineRoute({
  method: 'PUT',
  path: '/api/admin/users/{id}',
  permission: 'userManager:btn_edit',
  tag: 'org',
  summary: '编辑用户资料 (只改所给字段；null 或空串清空)',
  params: idParams,
  body: patchOf(profileFields),
  reply: userRow,
});

export const setUserStatus = defineRoute({
  method: 'PUT',
  path: '/api/admin/users/{id}/status',
  permission: 'userManager:btn_disable',
  tag: 'org',
  summary: '停用/启用用户 (停用后其令牌立即失效)',
  params: idParams,
  body: z.object({
    status: z.union([z.literal(0), z.literal(1)], { error: '状态只能是 0 (停用) 或 1 (启用)' }),
  }),
  reply: userRow,
});

export const unlockUser = defineRoute({
  method: 'PUT',
  path: '/api/admin/users/{id}/unlock',
  permission: 'userManager:btn_unlock',
  tag: 'org',
  summary: '解锁用户 (清除连续输错次数与锁定)',
  params: idParams,
  reply: userRow,
});

export const resetUserPassword = defineRoute({
  method: 'PUT',
  path: '/api/admin/users/{id}/password',
  permission: 'userManager:btn_resetPwd',
  tag: 'org',
  summary: '重置密码 (用户下次登录须修改；其全部令牌失效)',
  params: idParams,
  body: z.object({ password: passwordField }),
  reply: okReply,
});

export const assignUserGroups = defineRoute({
  method: 'PUT',
  path: '/api/admin/users/{id}/groups',
  permission: 'userManager:btn_assign',
  tag: 'org',
  summary: '分配用户组 (整体替换)',
  params: idParams,
  body: z.object({ groupIds: groupIdsField }),
  reply: userRow,
});

export const deleteUser = defineRoute({
  method: 'DELETE',
  path: '/api/admin/users/{id}',
  permission: 'userManager:btn_del',
  tag: 'org',
  summary: '删除用户 (不能删除自己或企业最后一位管理员)',
  params: idParams,
  reply: okReply,
});

export const exportUsers = defineRoute({
  method: 'GET',
  path: '/api/admin/users/export',
  permission: 'userManager:btn_export',
  tag: 'org',
  produces: 'file',
  summary: '按当前筛选条件导出用户 (xlsx)',
  query: userFilters.extend({ sort: sortParam(USER_SORTS) }),
});

export const userImportReport = importReport;
export type UserImportReport = z.infer<typeof userImportReport>;

export const importUsers = defineRoute({
  method: 'POST',
  path: '/api/admin/users/import',
  permission: 'userManager:btn_import',
  tag: 'org',
  consumes: 'multipart',
  summary: '导入用户 (xlsx，字段 file；逐行校验，出错的行不写入)',
  query: z.object({ tenantId: optionalQueryId }),
  reply: userImportReport,
});

export const userImportTemplate = defineRoute({
  method: 'GET',
  path: '/api/admin/users/import-template',
  permission: 'userManager',
  tag: 'org',
  produces: 'file',
  summary: '下载用户导入模板 (xlsx)',
});
