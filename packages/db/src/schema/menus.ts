import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

/** The menu tree. code = the path segment of spec §2.12; path = the console route. */
export const menus = pgTable(
  'menus',
  {
    id: id(),
    parentId: integer('parent_id'),
    code: text('code').notNull(),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    icon: text('icon'),
    path: text('path'),
    sortOrder: integer('sort_order').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    /** platform = only platform accounts can be granted it (tenant manager, menu manager …). */
    scope: text('scope').notNull().default('tenant'),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('menus_code_uq').on(t.code), index('menus_parent_idx').on(t.parentId)],
);

/** A button or action inside a menu: code `<menuCode>:btn_<action>`. */
export const elements = pgTable(
  'elements',
  {
    id: id(),
    menuId: integer('menu_id').notNull(),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('elements_code_uq').on(t.code), index('elements_menu_idx').on(t.menuId)],
);

export const groupMenus = pgTable(
  'group_menus',
  { groupId: integer('group_id').notNull(), menuId: integer('menu_id').notNull() },
  (t) => [uniqueIndex('group_menus_pk').on(t.groupId, t.menuId)],
);

export const groupElements = pgTable(
  'group_elements',
  { groupId: integer('group_id').notNull(), elementId: integer('element_id').notNull() },
  (t) => [uniqueIndex('group_elements_pk').on(t.groupId, t.elementId)],
);
