import { users } from '@fpy/db';
import { and, count, eq } from 'drizzle-orm';
import { businessError } from '../../lib/errors.ts';
import type { ResourceHooks } from '../bind.ts';

/** A position still held by users cannot go: their profiles would point at nothing. */
export const positionHooks: ResourceHooks = {
  async beforeDelete(ctx, row) {
    const [r] = await ctx.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.positionId, row.id as number), eq(users.tenantId, row.tenantId as number)));
    if (Number(r.n) > 0) throw businessError('POSITION_IN_USE', { count: r.n });
  },
};
