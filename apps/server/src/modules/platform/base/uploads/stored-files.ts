import { type Db, storedFiles } from '@fpy/db';
import { eq } from 'drizzle-orm';

/** One stored_files row: a file the product wrote to the uploads store. */
export type StoredFileRow = typeof storedFiles.$inferInsert;

/**
 * stored_files is written by this module only (issue 29 §4: one writer per table): other areas that keep an
 * upload of their own (the invoice seal) record and forget it through these, inside their own transaction.
 */
export async function recordStoredFile(db: Db, row: StoredFileRow): Promise<void> {
  await db.insert(storedFiles).values(row);
}

export async function forgetStoredFile(db: Db, storageKey: string): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.storageKey, storageKey));
}
