import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

export const dictTypes = pgTable('dict_types', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const dictItems = pgTable(
  'dict_items',
  {
    id: id(),
    typeId: integer('type_id').notNull(),
    value: text('value').notNull(),
    labelZh: text('label_zh').notNull(),
    labelEn: text('label_en').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('dict_items_type_value_uq').on(t.typeId, t.value),
    index('dict_items_type_idx').on(t.typeId),
  ],
);
