import { type Db, systemSettings } from '@fpy/db';
import { eq } from 'drizzle-orm';

/**
 * Platform-wide settings, one JSON value per key (system_settings). Base is the table's one writer (issue 29 §4):
 * every module keeps its keys and reads and writes them through these, with the caller's `db` — its transaction
 * when it has one, so a setting changes together with the caller's other writes and audit row.
 */

/** The value stored under `key`, or undefined when there is none. */
export async function getSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, key))
    .limit(1);
  return row?.value;
}

/** Stores `value` under `key`, replacing what was there. */
export async function putSetting(db: Db, key: string, value: unknown) {
  await db
    .insert(systemSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: new Date() } });
}

/** Stores `value` under `key` unless the key is already there (a marker that something was done once). */
export async function putSettingOnce(db: Db, key: string, value: unknown) {
  await db.insert(systemSettings).values({ key, value }).onConflictDoNothing();
}
