import { commodities } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { ResourceHooks } from '../../../crud/bind.ts';
import { scoped } from '../../../data/tenant-scope.ts';
import { badRequest } from '../../../lib/errors.ts';
import { initialsOf } from '../../../lib/initials.ts';

/**
 * The commodity must be the caller's own (another tenant's id is answered as not existing). FOR SHARE holds it
 * until the mapping's transaction commits, so a concurrent commodity delete (which locks FOR UPDATE and checks
 * mappings) cannot leave the mapping pointing at nothing.
 */
export const skuMapHooks: ResourceHooks = {
  async beforeWrite(ctx, values, existing) {
    const id = (values.commodityId ?? existing?.commodityId) as number;
    const [row] = await ctx.db
      .select({ id: commodities.id })
      .from(commodities)
      .where(scoped(ctx, commodities).where(eq(commodities.id, id)))
      .for('share');
    if (!row) throw badRequest('COMMODITY_UNKNOWN', { id }, { field: 'commodityId' });
  },
  // The keyword box finds ERP 运维服务包 by ywfwb.
  derive: (values) =>
    typeof values.productName === 'string' ? { initials: initialsOf(values.productName) } : {},
};
