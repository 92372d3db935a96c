import { invoiceCategories, invoiceEvents, invoices } from '@fpy/db';
import type { InvoiceStatus } from '@fpy/domain';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { VerbCtx } from '../../../../http/verb-ctx.ts';
import { badRequest, notFound } from '../../../../lib/errors.ts';
import { issuingTenant } from '../issuing-tenant.ts';
import { eventValues } from '../transition.ts';
import { type Tx, withTransaction } from '../../../../lib/write/index.ts';

/**
 * The category, locked against deletion until commit (FOR SHARE; the category page's delete locks it FOR UPDATE
 * and then looks for invoices under it), so an invoice is never left filed under a category that is gone.
 * Another company's category answers like an unknown one.
 */
async function usableCategory(tx: Tx, tenantId: number, id: number) {
  const [cat] = await tx
    .select({
      name: invoiceCategories.name,
      code: invoiceCategories.code,
      enabled: invoiceCategories.enabled,
    })
    .from(invoiceCategories)
    .where(and(eq(invoiceCategories.id, id), eq(invoiceCategories.tenantId, tenantId)))
    .for('share');
  if (!cat) throw badRequest('VALIDATION_FAILED.category_unknown', undefined, { field: 'categoryId' });
  if (!cat.enabled)
    throw badRequest('VALIDATION_FAILED.category_disabled', { name: cat.name }, { field: 'categoryId' });
  return cat;
}

/**
 * 设置分类 / 清除分类 (销项发票查询): files the selected invoices of the caller's company under one enabled category,
 * or under none. Classification is bookkeeping beside the invoice's state, so any state qualifies, and the state
 * machine is not involved; each invoice whose category changes gets an invoice_events row (status unchanged,
 * the reason naming the category) in the same transaction. All or nothing: an id that is not one of the
 * company's invoices refuses the whole request (another company's answers like an unknown one).
 * `updated_at` is left alone: the stuck-issuing sweep reads it, and classification is not issuing progress.
 */
export async function setInvoiceCategory({
  ctx,
  input,
}: {
  ctx: VerbCtx;
  input: { ids: number[]; categoryId: number | null };
}): Promise<{ updated: number; unchanged: number }> {
  const tenantId = issuingTenant(ctx);
  const ids = [...new Set(input.ids)];
  return withTransaction(ctx, async (tx) => {
    const cat = input.categoryId === null ? null : await usableCategory(tx, tenantId, input.categoryId);
    const mine = and(eq(invoices.tenantId, tenantId), inArray(invoices.id, ids));
    const [{ n }] = await tx.select({ n: count() }).from(invoices).where(mine);
    if (Number(n) !== ids.length) throw notFound('NOT_FOUND.invoices_gone');
    const changed = await tx
      .update(invoices)
      .set({ categoryId: input.categoryId })
      .where(and(mine, sql`${invoices.categoryId} IS DISTINCT FROM ${input.categoryId}::int`))
      .returning({ id: invoices.id, status: invoices.status });
    if (changed.length) {
      const reason = cat ? `设置发票分类：${cat.name}（${cat.code}）` : '清除发票分类';
      await tx.insert(invoiceEvents).values(
        changed.map((inv) => {
          const status = inv.status as InvoiceStatus;
          return eventValues(ctx, { id: inv.id, tenantId }, status, status, reason);
        }),
      );
    }
    return { updated: changed.length, unchanged: ids.length - changed.length };
  });
}
