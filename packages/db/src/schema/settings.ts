import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';

export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
