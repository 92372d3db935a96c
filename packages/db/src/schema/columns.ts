import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Times are stored in UTC (timestamptz) and shown in Asia/Shanghai by the web app. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
/** Every tenant-owned row carries tenant_id; the shared data path scopes on it. */
export const tenantId = () => integer('tenant_id').notNull();
