import { dictItems, dictTypes } from '@fpy/db';
import { count, eq } from 'drizzle-orm';
import { badRequest, businessError } from '../../lib/errors.ts';
import type { ResourceHooks } from '../bind.ts';

/** Deleting a type would orphan its items, and forms asking for it would silently get no options. */
export const dictTypeHooks: ResourceHooks = {
  async beforeDelete(ctx, row) {
    const [r] = await ctx.db
      .select({ n: count() })
      .from(dictItems)
      .where(eq(dictItems.typeId, row.id as number));
    if (Number(r.n) > 0) throw businessError('DICT_TYPE_IN_USE', { count: r.n });
  },
};

/** An item must belong to an existing type (there is no foreign key in the schema). */
export const dictItemHooks: ResourceHooks = {
  async beforeWrite(ctx, values) {
    if (values.typeId === undefined) return; // an update that keeps the item's type
    const [t] = await ctx.db
      .select({ id: dictTypes.id })
      .from(dictTypes)
      .where(eq(dictTypes.id, values.typeId as number));
    if (!t) throw badRequest('DICT_TYPE_NOT_FOUND', undefined, { field: 'typeId' });
  },
};
