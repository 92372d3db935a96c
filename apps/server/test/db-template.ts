// Vitest globalSetup of the api project: migrates one database once per run, so each test file starts from a copy
// of it instead of building its own schema — a cost paid once per file, and the suite keeps growing.
// PGlite: a dump of the migrated data directory, loaded in about 0.6 s of CPU instead of initdb plus every
// migration (about 2.3 s). PostgreSQL (TEST_DB=pg): a migrated template database for CREATE DATABASE … TEMPLATE.
// The template is seeded too (menus and demo data, as the server does on a fresh start): each app then finds the
// seed's marker and skips it, which saved about 2 s of CPU per test file (the demo grows with every area).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '@fpy/db';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { Db } from '@fpy/db';

/** What buildApp seeds on a fresh database, done once here; the demo's files go to a folder dropped at once. */
async function seed(db: Db) {
  // The seed skips the demo invoices under Vitest (wantsDemoInvoices); the global setup runs before it is set.
  process.env.VITEST ??= 'true';
  const { syncMenus } = await import('../src/seed/sync-menus.ts');
  const { seedDemoData } = await import('../src/seed/demo-data.ts');
  const { LocalFileStore } = await import('../src/lib/file-store.ts');
  const uploads = mkdtempSync(join(tmpdir(), 'fpy-template-uploads-'));
  try {
    await syncMenus(db);
    await seedDemoData(db, new LocalFileStore(uploads));
  } finally {
    rmSync(uploads, { recursive: true, force: true });
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite data-directory dump; '' on PostgreSQL. */
    pgliteTemplate: string;
    /** Name of the migrated template database on PostgreSQL; '' on PGlite. */
    pgTemplate: string;
  }
}

async function adminQuery(adminUrl: string, sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'pg') {
    const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `fpy_tpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
    const handle = await openDb({ databaseUrl: url.toString(), poolSize: 1 });
    await handle.migrate();
    await seed(handle.db);
    await handle.close();
    project.provide('pgliteTemplate', '');
    project.provide('pgTemplate', name);
    return () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'fpy-pglite-template-'));
  const handle = await openDb({ dataDir: 'memory://' });
  await handle.migrate();
  await seed(handle.db);
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
