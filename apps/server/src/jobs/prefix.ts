import { randomBytes } from 'node:crypto';
import { type Db, systemSettings } from '@fpy/db';
import { eq } from 'drizzle-orm';

const KEY = 'jobs.redisPrefix';

/**
 * The Redis key prefix of this database's jobs, created once and kept in the database: every process on the
 * same database shares the jobs, another database (another installation, a parallel test run) never sees them.
 */
export async function jobPrefixFor(db: Db): Promise<string> {
  const read = async () =>
    (await db.select().from(systemSettings).where(eq(systemSettings.key, KEY)))[0]?.value as
      | string
      | undefined;
  const found = await read();
  if (found) return found;
  await db
    .insert(systemSettings)
    .values({ key: KEY, value: `fpy-jobs-${randomBytes(6).toString('hex')}` })
    .onConflictDoNothing();
  return (await read()) as string;
}
