import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DbHandle, openDb } from '@fpy/db';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../harness.ts';

/**
 * Migration 0020 (issue 29 §3 naming): the sandbox's messages were `outbox_messages` and their page
 * `outboxManager`; an installation that has both keeps every message, its ids going on, and the page with its
 * grants under the new names.
 */
const source = fileURLToPath(new URL('../../../../packages/db/migrations', import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The committed migrations up to (not including) the rename, as an installation before it had them. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'fpy-migrations-'));
  cpSync(source, dir, { recursive: true });
  const file = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(file, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(file, JSON.stringify(journal));
  return dir;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function freshDb(): Promise<DbHandle> {
  if (!onPostgres) return openDb({ dataDir: 'memory://' });
  const name = `fpy_m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString(), poolSize: 2 });
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  return handle;
}

const rows = async <T>(h: DbHandle, q: ReturnType<typeof sql>) =>
  ((await h.db.execute(q)) as unknown as { rows: T[] }).rows;

describe('migration 0020: outbox_messages → sandbox_messages', () => {
  it('renames the table, its sequence, key and index, and the page with its grants; nothing is lost', async () => {
    const before = migrationsBefore('0020_sandbox_messages');
    cleanups.push(() => rmSync(before, { recursive: true, force: true }));
    const h = await freshDb();
    cleanups.push(() => h.close());
    const db = h.db as any;
    await (onPostgres
      ? migratePg(db, { migrationsFolder: before })
      : migratePglite(db, { migrationsFolder: before }));

    await h.db.execute(sql`INSERT INTO outbox_messages (channel, recipient, body, status)
      VALUES ('sms', '13900000001', '您的验证码 123456', 'delivered'), ('email', 'a@example.com', 'hello', 'stored')`);
    const [menu] = await rows<{ id: number }>(
      h,
      sql`INSERT INTO menus (code, title_zh, title_en, path, scope)
        VALUES ('outboxManager', '消息发件箱', 'Outbox', '/baseManager/outboxManager', 'platform') RETURNING id`,
    );
    const [group] = await rows<{ id: number }>(
      h,
      sql`INSERT INTO groups (group_type_id, code, name) VALUES (1, 'ops', '运维') RETURNING id`,
    );
    await h.db.execute(sql`INSERT INTO group_menus (group_id, menu_id) VALUES (${group.id}, ${menu.id})`);

    await h.migrate();

    const kept = await rows<{ id: number; body: string }>(
      h,
      sql`SELECT id, body FROM sandbox_messages ORDER BY id`,
    );
    expect(kept.map((r) => r.body)).toEqual(['您的验证码 123456', 'hello']);
    const [next] = await rows<{ id: number }>(
      h,
      sql`INSERT INTO sandbox_messages (channel, recipient, body) VALUES ('sms', '1', 'x') RETURNING id`,
    );
    expect(next.id).toBe(kept[1].id + 1);
    const [old] = await rows<{ t: string | null }>(
      h,
      sql`SELECT to_regclass('public.outbox_messages')::text AS t`,
    );
    expect(old.t).toBeNull();
    const indexes = await rows<{ indexname: string }>(
      h,
      sql`SELECT indexname FROM pg_indexes WHERE tablename = 'sandbox_messages' ORDER BY indexname`,
    );
    expect(indexes.map((r) => r.indexname)).toEqual([
      'sandbox_messages_created_idx',
      'sandbox_messages_pkey',
    ]);

    const menus = await rows<{ id: number; code: string; title_zh: string; title_en: string; path: string }>(
      h,
      sql`SELECT id, code, title_zh, title_en, path FROM menus WHERE code IN ('outboxManager', 'sandboxMessageManager')`,
    );
    expect(menus).toEqual([
      {
        id: menu.id,
        code: 'sandboxMessageManager',
        title_zh: '沙箱消息',
        title_en: 'Sandbox messages',
        path: '/baseManager/sandboxMessageManager',
      },
    ]);
    const grants = await rows<{ n: number }>(
      h,
      sql`SELECT count(*)::int AS n FROM group_menus WHERE group_id = ${group.id} AND menu_id = ${menu.id}`,
    );
    expect(grants[0].n).toBe(1);
  });
});
