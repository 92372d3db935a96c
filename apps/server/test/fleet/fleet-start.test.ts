import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/seed/demo-data.ts';
import { base, Fleet, fleetAvailable, freePort, login } from './fleet-helpers.ts';

/**
 * Issue 22 §3: instances may start together. Two real server processes are started at the same moment on an
 * empty PostgreSQL database; without the setup lock both ran the migrations and the seed and one failed
 * (a second CREATE SCHEMA, a second admin user). With it, one migrates and seeds, the other waits and then
 * finds the work done: both become ready, and the seed's rows exist once.
 */
describe.runIf(fleetAvailable)('two instances starting together on an empty database', () => {
  const fleet = new Fleet('fs');
  afterAll(() => fleet.cleanup());

  it('both become ready; migrations, menus and demo data exist once', async () => {
    await fleet.createDatabase();
    const [portA, portB] = [await freePort(), await freePort()];
    const [a, b] = [fleet.spawn(portA), fleet.spawn(portB)];
    await Promise.all([fleet.waitReady(a), fleet.waitReady(b)]);

    for (const port of [portA, portB]) {
      const res = await fetch(`${base(port)}/readyz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'ready', failed: [] });
      // Both serve the same seeded accounts (and the same stored login key).
      expect(await login(base(port), 'demo', DEMO_USERS.demo)).toBeTruthy();
    }

    const db = await fleet.db();
    try {
      const users = (
        await db.query(
          `SELECT username, count(*)::int AS n FROM users WHERE username = ANY($1) GROUP BY username`,
          [Object.keys(DEMO_USERS)],
        )
      ).rows as { username: string; n: number }[];
      expect(users.map((u) => u.username).sort()).toEqual(Object.keys(DEMO_USERS).sort());
      for (const u of users) expect(u.n, u.username).toBe(1);
      const tenants = (
        await db.query(`SELECT count(*)::int AS n FROM tenants WHERE name = '演示科技有限公司'`)
      ).rows[0].n;
      expect(tenants).toBe(1);
      const marker = (
        await db.query(`SELECT count(*)::int AS n FROM system_settings WHERE key = 'seed.demo'`)
      ).rows[0].n;
      expect(marker).toBe(1);
      const menus = (await db.query(`SELECT count(*)::int AS n, count(DISTINCT code)::int AS d FROM menus`))
        .rows[0] as { n: number; d: number };
      expect(menus.n).toBeGreaterThan(0);
      expect(menus.n).toBe(menus.d);
      const migrations = (
        await db.query(
          `SELECT count(*)::int AS n, count(DISTINCT created_at)::int AS d FROM drizzle.__drizzle_migrations`,
        )
      ).rows[0] as { n: number; d: number };
      expect(migrations.n).toBe(migrations.d);
      console.log(
        `fleet start: 2 processes started together, both ready; ${users.length} demo users, ${menus.n} menus, ` +
          `${migrations.n} migrations, each once`,
      );
    } finally {
      await db.end();
    }
    expect(a.proc.exitCode).toBeNull();
    expect(b.proc.exitCode).toBeNull();
  }, 120_000);
});
