import { tenants, users } from '@fpy/db';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Names read per row by a correlated subquery, for lists that show who a row belongs to without a join of
 * their own (a declared resource's `computed` fields). A row without a company (platform-wide) reads null.
 */
export const tenantNameOf = (tenantId: PgColumn): SQL<string | null> =>
  sql<string | null>`(select ${tenants.name} from ${tenants} where ${tenants.id} = ${tenantId})`;

/** The name of the user who acted. */
export const userNameOf = (userId: PgColumn): SQL<string | null> =>
  sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${userId})`;
