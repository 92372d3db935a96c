import type { customerFilters } from '@fpy/contracts';
import { customers } from '@fpy/db';
import { desc, eq, ilike, like, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { likePattern, orderBy } from '../../../data/paging.ts';
import { scoped } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';

/** Name, tax number or pinyin initials of the name (yhkj finds 演示科技), fuzzy. */
export const customerMatch = (q: string) =>
  or(
    ilike(customers.name, likePattern(q)),
    ilike(customers.taxNumber, likePattern(q)),
    like(customers.initials, likePattern(q.toLowerCase())),
  );

export function customerWhere(ctx: AuthedCtx, f: z.output<typeof customerFilters>): SQL | undefined {
  return scoped(ctx, customers).where(
    f.keyword ? customerMatch(f.keyword) : undefined,
    f.naturalPerson ? eq(customers.naturalPerson, f.naturalPerson === 'true') : undefined,
  );
}

const SORTABLE = {
  name: customers.name,
  taxNumber: customers.taxNumber,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
};
export const customerOrder = (sort?: string) => orderBy(sort, SORTABLE, desc(customers.id));
