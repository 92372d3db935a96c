import { codeBoardControls, commodities } from '@fpy/db';
import { formatYuan } from '@fpy/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AuthedCtx } from '../../../http/context.ts';
import type { ResourceHooks } from '../../../crud/bind.ts';
import { badRequest } from '../../../lib/errors.ts';
import { newBoardCode } from './code.ts';
import { controlsOf } from './controls.ts';

type Row = Record<string, unknown>;

const tenantOf = (ctx: AuthedCtx, existing?: Row) =>
  (existing?.tenantId as number | undefined) ?? ctx.actor.tenantId;

/** The ids of `categoryIds` ("12,15") that are not the tenant's goods. */
export async function unknownCategories(db: AuthedCtx['db'], tenantId: number, ids: number[]) {
  if (!ids.length) return [];
  const found = await db
    .select({ id: commodities.id })
    .from(commodities)
    .where(and(eq(commodities.tenantId, tenantId), inArray(commodities.id, ids)));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/**
 * A board's categories must be the company's own goods (another company's id reads as unknown), and its cap
 * may not exceed the ceiling of 码牌管控. `fixed` pins the column a page's binding filters on (全电 boards,
 * business-line boards), so a board created or edited there stays on that page.
 */
export function boardHooks(fixed: Row = {}): ResourceHooks {
  return {
    async beforeWrite(ctx, values, existing) {
      const tenantId = tenantOf(ctx, existing);
      if (tenantId === null || tenantId === undefined) return;
      if (typeof values.categoryIds === 'string') {
        const ids = values.categoryIds.split(',').map(Number);
        const unknown = await unknownCategories(ctx.db, tenantId, ids);
        if (unknown.length)
          throw badRequest(
            'CODE_BOARD_CATEGORY_UNKNOWN',
            { ids: unknown.join(',') },
            { field: 'categoryIds' },
          );
      }
      if (typeof values.capFen === 'number') {
        const { maxCapFen } = await controlsOf(ctx.db, tenantId);
        if (maxCapFen > 0 && values.capFen > maxCapFen)
          throw badRequest(
            'CODE_BOARD_CAP_OVER_CEILING',
            { max: formatYuan(maxCapFen) },
            { field: 'capFen' },
          );
      }
    },
    derive: (_values, existing) => (existing ? { ...fixed } : { ...fixed, code: newBoardCode() }),
  };
}

/** One 码牌管控 row per company. */
export const controlHooks: ResourceHooks = {
  async beforeWrite(ctx, _values, existing) {
    const tenantId = tenantOf(ctx, existing);
    if (tenantId === null || tenantId === undefined) return;
    const [dup] = await ctx.db
      .select({ id: codeBoardControls.id })
      .from(codeBoardControls)
      .where(
        and(
          eq(codeBoardControls.tenantId, tenantId),
          existing ? ne(codeBoardControls.id, existing.id as number) : undefined,
        ),
      )
      .limit(1);
    if (dup) throw badRequest('CODE_BOARD_CONTROL_DUPLICATE', undefined, { field: 'enabled' });
  },
};
