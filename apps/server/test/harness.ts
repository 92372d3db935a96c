import { publicEncrypt, constants, randomBytes } from 'node:crypto';
import { type DbHandle, openDb } from '@fpy/db';
import { users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app.ts';
import type { RegisterModule } from '../src/http/module.ts';
import { loadConfig } from '../src/config.ts';
import { hashPassword } from '../src/lib/hash.ts';
import type { ApiLoad } from '../src/jobs/api-load.ts';
import type { RateLimits } from '../src/plugins/rate-limit.ts';

/**
 * API tests run through the real plugin stack with app.inject, on an in-memory PGlite by default and on the
 * real PostgreSQL when TEST_DB=pg (a fresh database per test file, dropped afterwards).
 */
export const onPostgres = process.env.TEST_DB === 'pg';
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function openTestDb(): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  if (!onPostgres) {
    // A copy of the database db-template.ts migrated once per run; migrate() then only confirms it is current.
    const template = inject('pgliteTemplate');
    const handle = await openDb({
      dataDir: 'memory://',
      ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
    });
    await handle.migrate();
    return { handle, drop: () => handle.close() };
  }
  const name = `fpy_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = inject('pgTemplate');
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString(), poolSize: 5 });
  // On a copy of db-template.ts's template this only confirms the schema is current.
  await handle.migrate();
  return {
    handle,
    drop: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp extends BuiltApp {
  /** Logs in through the real token endpoint and returns the bearer token. */
  login(username: string, password: string): Promise<string>;
  encrypt(password: string): string;
  publicKey: string;
}

export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    rateLimits?: RateLimits;
    /** Build on the database of an earlier app (restart tests); its drop then leaves the database alone. */
    dbHandle?: DbHandle;
    /** Modules of the test's own, registered after the product's (a resource bound for the test only). */
    extraModules?: RegisterModule[];
    /** The load measurement (jobs/api-load.ts), on the test's own clock. */
    apiLoad?: ApiLoad;
  } = {},
): Promise<TestApp & { drop(): Promise<void>; dropDatabase(): Promise<void> }> {
  const { handle, drop } = opts.dbHandle
    ? { handle: opts.dbHandle, drop: async () => {} }
    : await openTestDb();
  // Faces render inline (RENDER_WORKERS=0), as in the fleet tests: a server's background render threads lower
  // their priority to nice 19 by design, and on a machine the whole suite keeps busy they get next to no CPU, so
  // a test waiting for an issued invoice's files waited on them (a face with rare characters parses 80 MB of
  // fallback fonts there: over a minute under load). Tests of the pool itself ask for threads.
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    RENDER_WORKERS: '0',
    // The stand-ins (SMTP servers, SMS endpoints) listen on loopback, which the outbound guard refuses unless
    // allowed (issue 28 §1). A test of the guard itself passes OUTBOUND_ALLOW_HOSTS: '' (or none) in `env`.
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1,::1',
    ...env,
  });
  const built = await buildApp(config, {
    dbHandle: handle,
    logger: false,
    rateLimits: opts.rateLimits ?? { perIpPerMinute: 10_000, perAccountPerMinute: 10_000 },
    extraModules: opts.extraModules,
    apiLoad: opts.apiLoad,
  });
  const pk = (await built.app.inject({ url: '/api/auth/publicKey' })).json().publicKey as string;
  const encrypt = (pw: string) =>
    publicEncrypt(
      { key: pk, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(pw, 'utf8'),
    ).toString('base64');
  const login = async (username: string, password: string) => {
    const res = await built.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/token',
      headers: {
        authorization: `Basic ${Buffer.from('webApp:webApp').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        username,
        password: encrypt(password),
        grant_type: 'password',
      }).toString(),
    });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return res.json().access_token as string;
  };
  return {
    ...built,
    publicKey: pk,
    encrypt,
    login,
    drop: async () => {
      await built.close();
      await drop();
    },
    /** Only the database (for an app already closed with close()). */
    dropDatabase: drop,
  };
}

/** One app per test file, built before and dropped after its tests. */
export function useTestApp(env?: Record<string, string>) {
  const ref = {} as { t: TestApp & { drop(): Promise<void> } };
  beforeAll(async () => {
    ref.t = await createTestApp(env);
  });
  afterAll(async () => {
    await ref.t?.drop();
  });
  return () => ref.t;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Logs in a member of the demo company who belongs to no group: holds no menu or element code. */
export async function bareUserToken(t: TestApp, username = 'nobody'): Promise<string> {
  const [demo] = await t.services.db.select().from(users).where(eq(users.username, 'demo'));
  await t.services.db
    .insert(users)
    .values({
      tenantId: demo.tenantId,
      username,
      passwordHash: await hashPassword('Nobody@123'),
      passwordState: 'ok',
      name: '无权限用户',
    })
    .onConflictDoNothing();
  return t.login(username, 'Nobody@123');
}
