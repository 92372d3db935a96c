import type { commodityFilters } from '@fpy/contracts';
import { commodities } from '@fpy/db';
import { desc, eq, ilike, like, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { likePattern, orderBy } from '../../../data/paging.ts';
import { scoped } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';

type Filters = z.output<typeof commodityFilters>;

/** Name matches the name, the 简称 or the pinyin initials (bjbdn finds 笔记本电脑). */
const nameMatch = (q: string) => {
  const p = likePattern(q);
  return or(
    ilike(commodities.name, p),
    ilike(commodities.shortName, p),
    like(commodities.initials, likePattern(q.toLowerCase())),
  );
};

export function commodityWhere(ctx: AuthedCtx, f: Filters): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (f.name) conds.push(nameMatch(f.name));
  if (f.taxCode) conds.push(like(commodities.taxCode, `${f.taxCode.replace(/\D/g, '')}%`));
  if (f.ownCode) conds.push(ilike(commodities.ownCode, likePattern(f.ownCode)));
  if (f.status) conds.push(eq(commodities.status, Number(f.status)));
  if (f.keyword)
    conds.push(
      or(
        nameMatch(f.keyword),
        like(commodities.taxCode, `${f.keyword.replace(/[\\%_]/g, '')}%`),
        ilike(commodities.ownCode, likePattern(f.keyword)),
      ),
    );
  return scoped(ctx, commodities).where(...conds);
}

const SORTABLE = {
  name: commodities.name,
  ownCode: commodities.ownCode,
  taxCode: commodities.taxCode,
  createdAt: commodities.createdAt,
  updatedAt: commodities.updatedAt,
};

export const commodityOrder = (sort?: string) => orderBy(sort, SORTABLE, desc(commodities.id));
