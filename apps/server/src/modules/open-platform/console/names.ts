import { openApps, openAppGroups, openDevelopers, openInterfaces } from '@fpy/db';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Correlated subqueries the open platform's lists read per row (a declared resource's `computed` fields). */
export const appNameOf = (appId: PgColumn): SQL<string | null> =>
  sql<string | null>`(select ${openApps.name} from ${openApps} where ${openApps.id} = ${appId})`;

export const appKeyOf = (appId: PgColumn): SQL<string | null> =>
  sql<string | null>`(select ${openApps.appKey} from ${openApps} where ${openApps.id} = ${appId})`;

export const developerNameOf = (developerId: PgColumn): SQL<string | null> =>
  sql<
    string | null
  >`(select ${openDevelopers.name} from ${openDevelopers} where ${openDevelopers.id} = ${developerId})`;

/** The developer of the app a row names (licences: the service provider). */
export const appDeveloperNameOf = (appId: PgColumn): SQL<string | null> =>
  sql<
    string | null
  >`(select ${openDevelopers.name} from ${openApps} join ${openDevelopers} on ${openDevelopers.id} = ${openApps.developerId} where ${openApps.id} = ${appId})`;

/** The interface groups an app may call, as a sorted list. */
export const appGroupsOf = (appId: PgColumn): SQL<string[]> =>
  sql<
    string[]
  >`(select coalesce(jsonb_agg(${openAppGroups.groupCode} order by ${openAppGroups.groupCode}), '[]'::jsonb) from ${openAppGroups} where ${openAppGroups.appId} = ${appId})`;

export const appCountOfDeveloper = (developerId: PgColumn): SQL<number> =>
  sql<number>`(select count(*)::int from ${openApps} where ${openApps.developerId} = ${developerId})`;

export const interfaceCountOfGroup = (code: PgColumn): SQL<number> =>
  sql<number>`(select count(*)::int from ${openInterfaces} where ${openInterfaces.groupCode} = ${code} and not ${openInterfaces.retired})`;

export const appCountOfGroup = (code: PgColumn): SQL<number> =>
  sql<number>`(select count(*)::int from ${openAppGroups} where ${openAppGroups.groupCode} = ${code})`;
