import { invoices } from '@fpy/db';
import { and, count, eq } from 'drizzle-orm';
import type { ResourceHooks } from '../../../crud/bind.ts';
import { businessError } from '../../../lib/errors.ts';

/**
 * A 发票分类 still holding invoices cannot be deleted: they would be filed under nothing the company can see
 * (disabling keeps them findable). The row is already locked FOR UPDATE by the delete, and 设置分类 locks it
 * FOR SHARE, so no invoice can be filed under it between this count and the delete.
 */
export const invoiceCategoryHooks: ResourceHooks = {
  async beforeDelete(ctx, row) {
    const [r] = await ctx.db
      .select({ n: count() })
      .from(invoices)
      .where(and(eq(invoices.tenantId, row.tenantId as number), eq(invoices.categoryId, row.id as number)));
    if (Number(r.n) > 0) throw businessError('INVOICE_CATEGORY_IN_USE', { count: Number(r.n) });
  },
};
