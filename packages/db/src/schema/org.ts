import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.ts';

export const departments = pgTable(
  'departments',
  {
    id: id(),
    tenantId: tenantId(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    code: text('code'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('departments_tenant_idx').on(t.tenantId)],
);

export const positions = pgTable(
  'positions',
  {
    id: id(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('positions_tenant_code_uq').on(t.tenantId, t.code)],
);

/**
 * password_state: 'initial' (set by an administrator at creation), 'reset' (reset by an administrator),
 * 'ok' (chosen by the user). The console asks for a change while it is not 'ok' (unsafeUser).
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    /** null for platform accounts (isSuperAdmin 2/3), which belong to no company. */
    tenantId: integer('tenant_id'),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    passwordState: text('password_state').notNull().default('initial'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    avatar: text('avatar'),
    description: text('description'),
    departmentId: integer('department_id'),
    positionId: integer('position_id'),
    isSuperAdmin: integer('is_super_admin').notNull().default(0),
    isInsideUser: integer('is_inside_user').notNull().default(0),
    status: integer('status').notNull().default(1),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_username_uq').on(t.username), index('users_tenant_idx').on(t.tenantId)],
);

export const groupTypes = pgTable('group_types', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  createdAt: createdAt(),
});

/** A group (role). tenant_id null = a platform group. */
export const groups = pgTable(
  'groups',
  {
    id: id(),
    tenantId: integer('tenant_id'),
    groupTypeId: integer('group_type_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('groups_tenant_idx').on(t.tenantId),
    uniqueIndex('groups_tenant_code_uq').on(t.tenantId, t.code),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id').notNull(),
    userId: integer('user_id').notNull(),
    isLeader: boolean('is_leader').notNull().default(false),
  },
  (t) => [
    uniqueIndex('group_members_pk').on(t.groupId, t.userId),
    index('group_members_user_idx').on(t.userId),
  ],
);
