import { INVOICE_CATEGORY_OPTIONS_MAX, type InvoiceCategoryOption } from '@fpy/contracts';
import { type Db, invoiceCategories } from '@fpy/db';
import { asc, eq, inArray } from 'drizzle-orm';
import { tenantCondition } from '../../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../../http/context.ts';

/**
 * The company's 发票分类 as options of the query page (filter and 设置分类), disabled ones included: invoices
 * filed under a category stay under it after it is disabled, and must still be findable. A platform account
 * names the company (its tenant filter); without one it gets none.
 */
export async function categoryOptions(ctx: AuthedCtx, tenantId?: number): Promise<InvoiceCategoryOption[]> {
  const own = tenantCondition(ctx, invoiceCategories.tenantId);
  if (!own && !tenantId) return [];
  return ctx.db
    .select({
      id: invoiceCategories.id,
      name: invoiceCategories.name,
      code: invoiceCategories.code,
      enabled: invoiceCategories.enabled,
    })
    .from(invoiceCategories)
    .where(own ?? eq(invoiceCategories.tenantId, tenantId!))
    .orderBy(asc(invoiceCategories.sortOrder), asc(invoiceCategories.id))
    .limit(INVOICE_CATEGORY_OPTIONS_MAX);
}

/**
 * Names of the categories the given invoices are filed under, by id. Read by id only: an invoice's category is
 * always of its own tenant (the verb that files it checks), so the rows' tenant scope covers this read.
 */
export async function categoryNames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: invoiceCategories.id, name: invoiceCategories.name })
    .from(invoiceCategories)
    .where(inArray(invoiceCategories.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}
