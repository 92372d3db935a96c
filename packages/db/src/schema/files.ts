import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/** Uploaded files (logos, title images, menu icons). The bytes live in DATA_DIR/uploads under storage_key. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: id(),
    tenantId: integer('tenant_id'),
    kind: text('kind').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    uploadedBy: integer('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_tenant_idx').on(t.tenantId)],
);

/** Platform-wide settings (key → JSON). */
export { systemSettings } from './settings.ts';
