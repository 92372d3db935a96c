import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Correlated subqueries the open platform's lists read per row (a declared resource's `computed` fields).
 * Drizzle writes a one-table select's columns unqualified, so both sides are qualified by hand here: the outer
 * row's column by its table, the inner tables by aliases (a bare "id" would bind to the inner table).
 */
const outer = (c: PgColumn) => sql.raw(`"${getTableName(c.table)}"."${c.name}"`);

export const appNameOf = (appId: PgColumn): SQL<string | null> =>
  sql<string | null>`(select a.name from open_apps a where a.id = ${outer(appId)})`;

export const appKeyOf = (appId: PgColumn): SQL<string | null> =>
  sql<string | null>`(select a.app_key from open_apps a where a.id = ${outer(appId)})`;

export const developerNameOf = (developerId: PgColumn): SQL<string | null> =>
  sql<string | null>`(select d.name from open_developers d where d.id = ${outer(developerId)})`;

/** The developer of the app a row names (licences: the service provider). */
export const appDeveloperNameOf = (appId: PgColumn): SQL<string | null> =>
  sql<
    string | null
  >`(select d.name from open_apps a join open_developers d on d.id = a.developer_id where a.id = ${outer(appId)})`;

/** The interface groups an app may call, as a sorted list. */
export const appGroupsOf = (appId: PgColumn): SQL<string[]> =>
  sql<
    string[]
  >`(select coalesce(jsonb_agg(g.group_code order by g.group_code), '[]'::jsonb) from open_app_groups g where g.app_id = ${outer(appId)})`;

export const appCountOfDeveloper = (developerId: PgColumn): SQL<number> =>
  sql<number>`(select count(*)::int from open_apps a where a.developer_id = ${outer(developerId)})`;

export const interfaceCountOfGroup = (code: PgColumn): SQL<number> =>
  sql<number>`(select count(*)::int from open_interfaces i where i.group_code = ${outer(code)} and not i.retired)`;

export const appCountOfGroup = (code: PgColumn): SQL<number> =>
  sql<number>`(select count(*)::int from open_app_groups g where g.group_code = ${outer(code)})`;

/** A company's name (data/names.ts's, qualified: these tables' own columns may share its names). */
export const tenantNameOf = (tenantId: PgColumn): SQL<string | null> =>
  sql<string | null>`(select t.name from tenants t where t.id = ${outer(tenantId)})`;
