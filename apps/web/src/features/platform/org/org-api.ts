import {
  type DepartmentNode,
  getDepartmentTree,
  getGroupAuthority,
  getGroupMembers,
  listGroups,
  listGroupTypes,
  listTenants,
  listUsers,
  userOptions,
} from '@fpy/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { type CallQuery, call } from '../../../lib/http.ts';

/**
 * Every key starts with 'org': a mutation of users, groups or departments invalidates the whole prefix, since
 * each touches the others' lists (member counts, department user counts, group chips in the user table).
 */
export const orgKeys = {
  all: ['org'] as const,
  users: (q: object) => ['org', 'users', q] as const,
  options: (tenantId?: number) => ['org', 'options', tenantId ?? null] as const,
  groups: (q: object) => ['org', 'groups', q] as const,
  groupTypes: ['org', 'group-types'] as const,
  members: (id: number) => ['org', 'members', id] as const,
  authority: (id: number) => ['org', 'authority', id] as const,
  departments: (tenantId?: number) => ['org', 'departments', tenantId ?? null] as const,
  tenants: ['org', 'tenants'] as const,
};

export const refreshOrg = (qc: QueryClient) => qc.invalidateQueries({ queryKey: orgKeys.all });

export type UserQuery = CallQuery<typeof listUsers>;

export const usersQuery = (q: UserQuery) =>
  queryOptions({
    queryKey: orgKeys.users(q),
    queryFn: ({ signal }) => call(listUsers, { query: q, signal }),
    placeholderData: keepPreviousData,
  });

export const userOptionsQuery = (tenantId?: number) =>
  queryOptions({
    queryKey: orgKeys.options(tenantId),
    queryFn: () => call(userOptions, { query: { tenantId } }),
  });

export type GroupQuery = CallQuery<typeof listGroups>;
export const groupsQuery = (q: GroupQuery) =>
  queryOptions({
    queryKey: orgKeys.groups(q),
    queryFn: () => call(listGroups, { query: q }),
    placeholderData: keepPreviousData,
  });

export const groupTypesQuery = queryOptions({
  queryKey: orgKeys.groupTypes,
  queryFn: () => call(listGroupTypes),
});

export const membersQuery = (id: number) =>
  queryOptions({ queryKey: orgKeys.members(id), queryFn: () => call(getGroupMembers, { params: { id } }) });

export const authorityQuery = (id: number) =>
  queryOptions({
    queryKey: orgKeys.authority(id),
    queryFn: () => call(getGroupAuthority, { params: { id } }),
    staleTime: 0,
  });

export const departmentsQuery = (tenantId?: number) =>
  queryOptions({
    queryKey: orgKeys.departments(tenantId),
    queryFn: () => call(getDepartmentTree, { query: { tenantId } }),
  });

/** Platform accounts pick the company they work on; companies are few enough for one select. */
export const tenantsQuery = queryOptions({
  queryKey: orgKeys.tenants,
  // Silent: an operator without the tenant manager simply gets no company list.
  queryFn: () => call(listTenants, { query: { page: 1, limit: 500 }, silent: true }),
  staleTime: 60_000,
});

/** antd TreeSelect / Tree data from the department tree. */
export interface DeptTreeData {
  value: number;
  key: number;
  title: string;
  children: DeptTreeData[];
}
export function toTreeData(nodes: DepartmentNode[]): DeptTreeData[] {
  return nodes.map((n) => ({ value: n.id, key: n.id, title: n.name, children: toTreeData(n.children) }));
}
