import type { Db } from '@fpy/db';
import { sql } from 'drizzle-orm';

/**
 * A fingerprint of everything one company owns: for every table with a tenant_id column, an md5 of its rows
 * of that tenant; for every table that points at such a table (by a one-column foreign key, or by the naming
 * rule x_id → xs for link tables without one, e.g. group_members.group_id), an md5 of the rows that hang off
 * that tenant's rows; and the company's own tenants row.
 * Tables are discovered from the catalogue, so a new tenant-owned table is covered without a list.
 */
export type Snapshot = Record<string, string>;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

export async function tenantTables(db: Db): Promise<{
  owned: string[];
  children: Array<{ table: string; column: string; parent: string; parentColumn: string }>;
}> {
  const owned = (
    await rows<{ table_name: string }>(
      db,
      sql`SELECT table_name FROM information_schema.columns
          WHERE table_schema = 'public' AND column_name = 'tenant_id' ORDER BY table_name`,
    )
  ).map((r) => r.table_name);
  const fks = await rows<{ child: string; col: string; parent: string; pcol: string }>(
    db,
    sql`SELECT c.conrelid::regclass::text AS child, a.attname AS col, c.confrelid::regclass::text AS parent,
               pa.attname AS pcol
        FROM pg_constraint c
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = c.confkey[1]
        WHERE c.contype = 'f' AND array_length(c.conkey, 1) = 1 AND c.connamespace = 'public'::regnamespace`,
  );
  const unquote = (s: string) => s.replace(/^"|"$/g, '');
  const byForeignKey = fks.map((f) => ({
    table: unquote(f.child),
    column: f.col,
    parent: unquote(f.parent),
    parentColumn: f.pcol,
  }));
  // Link tables without foreign keys (group_members.group_id) are found by the naming rule: x_id → xs.
  const idColumns = await rows<{ table_name: string; column_name: string }>(
    db,
    sql`SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name LIKE '%id'`,
  );
  const plural = (x: string) => [`${x}s`, `${x}es`, `${x.replace(/y$/, '')}ies`];
  const byName = idColumns.flatMap((c) => {
    if (!c.column_name.endsWith('_id')) return [];
    const parent = plural(c.column_name.replace(/_id$/, '')).find((p) => owned.includes(p));
    return parent ? [{ table: c.table_name, column: c.column_name, parent, parentColumn: 'id' }] : [];
  });
  const seen = new Set<string>();
  const children = [...byForeignKey, ...byName].filter((f) => {
    const key = `${f.table}.${f.column}`;
    if (seen.has(key) || owned.includes(f.table) || !owned.includes(f.parent) || f.table === f.parent)
      return false;
    seen.add(key);
    return true;
  });
  return { owned, children };
}

export async function snapshot(db: Db, tenantId: number): Promise<Snapshot> {
  const { owned, children } = await tenantTables(db);
  const out: Snapshot = {};
  const digest = async (key: string, from: string) => {
    const [r] = await rows<{ n: number | string; h: string | null }>(
      db,
      sql.raw(`SELECT count(*) AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS h FROM ${from}`),
    );
    out[key] = `${r.n} rows ${r.h ?? '-'}`;
  };
  for (const table of owned) await digest(table, `${ident(table)} t WHERE t.tenant_id = ${tenantId}`);
  for (const c of children)
    await digest(
      `${c.table}.${c.column} → ${c.parent}`,
      `${ident(c.table)} t WHERE t.${ident(c.column)} IN (SELECT ${ident(c.parentColumn)} FROM ${ident(c.parent)} WHERE tenant_id = ${tenantId})`,
    );
  await digest('tenants', `tenants t WHERE t.id = ${tenantId}`);
  return out;
}
