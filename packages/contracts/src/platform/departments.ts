import { z } from 'zod';
import { idParams, idSchema, okReply, optionalQueryId, optionalText, patchOf, text } from '../common.ts';
import { defineRoute } from '../route.ts';

/** A department with its sub-departments; the tree of one tenant (or of every tenant, for the platform). */
export interface DepartmentNode {
  id: number;
  tenantId: number;
  parentId: number | null;
  name: string;
  code: string | null;
  sortOrder: number;
  /** Users placed directly in this department (not in its sub-departments). */
  userCount: number;
  children: DepartmentNode[];
}
export const departmentNode: z.ZodType<DepartmentNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    tenantId: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    code: z.string().nullable(),
    sortOrder: z.number().int(),
    userCount: z.number().int(),
    children: z.array(departmentNode),
  }),
);

const departmentFields = {
  parentId: idSchema.nullish().transform((v) => v ?? null),
  name: text(64, '部门名称').min(1, '请输入部门名称'),
  code: optionalText(32, '部门编码'),
  sortOrder: z.coerce
    .number()
    .int('排序须为整数')
    .min(0, '排序不能小于0')
    .max(99_999, '排序不能大于99999')
    .default(0),
};

export const getDepartmentTree = defineRoute({
  method: 'GET',
  path: '/api/admin/departments',
  permission: 'departManager',
  tag: 'org',
  summary: '部门树 (嵌套)；平台管理员可按企业筛选',
  query: z.object({ tenantId: optionalQueryId }),
  reply: z.array(departmentNode),
});

export const createDepartment = defineRoute({
  method: 'POST',
  path: '/api/admin/departments',
  permission: 'departManager:btn_add',
  tag: 'org',
  summary: '新增部门 (上级部门须属于同一企业)',
  body: z.object({ ...departmentFields, tenantId: idSchema.optional() }),
  reply: departmentNode,
});

export const updateDepartment = defineRoute({
  method: 'PUT',
  path: '/api/admin/departments/{id}',
  permission: 'departManager:btn_edit',
  tag: 'org',
  summary: '编辑部门 (只改所给字段；不能移到自身或其下级部门之下)',
  params: idParams,
  body: patchOf(departmentFields),
  reply: departmentNode,
});

export const deleteDepartment = defineRoute({
  method: 'DELETE',
  path: '/api/admin/departments/{id}',
  permission: 'departManager:btn_del',
  tag: 'org',
  summary: '删除部门 (有下级部门或用户时拒绝)',
  params: idParams,
  reply: okReply,
});
