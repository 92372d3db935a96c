import type { Db } from '@fpy/db';
import type { CodeRatesLookup } from '@fpy/domain';
import { taxCodeJobs, taxCodes } from '@fpy/db';
import { desc, sql } from 'drizzle-orm';
import { Catalog } from './catalog.ts';
import { searchAliases, searchAliasesVersion } from './search-aliases.ts';
import { REFERENCE_FILE, REFERENCE_VERSION, referenceRows } from './reference.ts';
import { applyTable } from './apply-table.ts';

/** How long a process trusts its in-memory table before asking whether another process synced a newer one. */
const RECHECK_MS = 3000;

interface Slot {
  catalog: Promise<Catalog>;
  checkedAt: number;
  /** searchAliasesVersion() the catalogue was built with. */
  aliases: number;
}
const slots = new WeakMap<object, Slot>();

/**
 * One slot per database, shared by its transactions: drizzle hands a transaction the database's own dialect
 * object, so a verb running inside a transaction (the demo seed, imports) finds the table already built.
 */
const slotKey = (db: Db): object => (db as unknown as { dialect?: object }).dialect ?? db;

/**
 * First start: an empty tax_codes table is filled from the shipped reference file (one transaction,
 * batched inserts). Idempotent: a filled table is left alone, and two processes starting together
 * cannot both load it (applyTable takes a table lock).
 */
export async function ensureReferenceLoaded(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(taxCodes);
  if (n > 0) return;
  await applyTable(db, {
    kind: 'import',
    rows: referenceRows(),
    version: REFERENCE_VERSION,
    fileName: REFERENCE_FILE.split('/').pop() as string,
    userId: null,
    onlyIfEmpty: true,
  });
}

async function latestJobId(db: Db): Promise<number> {
  const [row] = await db
    .select({ id: taxCodeJobs.id })
    .from(taxCodeJobs)
    .orderBy(desc(taxCodeJobs.id))
    .limit(1);
  return row?.id ?? 0;
}

async function build(db: Db): Promise<Catalog> {
  await ensureReferenceLoaded(db);
  const jobId = await latestJobId(db);
  const rows = await db.select().from(taxCodes);
  return new Catalog(rows, jobId, aliasMap());
}

/** The everyday words AI-assisted coding provides make the search box find 笔记本电脑 and bjbdn. */
export function aliasMap(): Map<string, string[]> {
  return searchAliases();
}

/** The in-memory table for this database: loaded on first use, rebuilt when a newer import/sync exists. */
export async function catalogFor(db: Db): Promise<Catalog> {
  const key = slotKey(db);
  let slot = slots.get(key);
  if (!slot || slot.aliases !== searchAliasesVersion()) {
    slot = { catalog: build(db), checkedAt: Date.now(), aliases: searchAliasesVersion() };
    slots.set(key, slot);
    slot.catalog.catch(() => slots.delete(key));
    return slot.catalog;
  }
  const current = await slot.catalog;
  if (Date.now() - slot.checkedAt < RECHECK_MS) return current;
  slot.checkedAt = Date.now();
  if ((await latestJobId(db)) !== current.jobId) {
    slot.catalog = build(db);
    slot.catalog.catch(() => slots.delete(key));
  }
  return slot.catalog;
}

/** Bus topic (lib/bus.ts) of a new table applied: every server process drops its in-memory catalog. */
export const CATALOG_TOPIC = 'tax-codes';

/** After a process applied a new table: rebuild now rather than after the recheck interval. */
export function invalidateCatalog(db: Db) {
  slots.delete(slotKey(db));
}

/** The rates each code allows, for the invoice checks (issue 28 §7): a lookup per line, no query. */
export async function codeRatesFor(db: Db): Promise<CodeRatesLookup> {
  return (await catalogFor(db)).ratesOf;
}
