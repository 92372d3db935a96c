import type { ExpenseClaimView } from '@fpy/contracts';
import { type Db, expenseClaimInvoices, expenseClaims } from '@fpy/db';
import { and, eq, inArray } from 'drizzle-orm';

export type ClaimRow = typeof expenseClaims.$inferSelect;
export type ClaimInvoiceRow = typeof expenseClaimInvoices.$inferSelect;

export const claimView = (c: ClaimRow, invoiceCount: number): ExpenseClaimView => ({
  id: c.id,
  claimNo: c.claimNo,
  title: c.title,
  state: c.state as ExpenseClaimView['state'],
  totalFen: c.totalFen,
  claimantName: c.claimantName,
  remark: c.remark,
  invoiceCount,
  createdAt: c.createdAt.toISOString(),
});

export const claimInvoiceView = (i: ClaimInvoiceRow) => ({
  invoiceKey: i.invoiceKey,
  code: i.code,
  number: i.number,
  issueDate: i.issueDate,
  invoiceType: i.invoiceType,
  sellerName: i.sellerName,
  amountFen: i.amountFen,
  taxFen: i.taxFen,
  totalFen: i.totalFen,
});

/** Who holds each of these invoice keys already: the claim, its claimant and when. */
export async function holdersOf(db: Db, tenantId: number, keys: string[]) {
  if (!keys.length) return [];
  return db
    .select({
      invoiceKey: expenseClaimInvoices.invoiceKey,
      claimNo: expenseClaims.claimNo,
      claimantName: expenseClaims.claimantName,
      at: expenseClaimInvoices.createdAt,
    })
    .from(expenseClaimInvoices)
    .innerJoin(expenseClaims, eq(expenseClaims.id, expenseClaimInvoices.claimId))
    .where(and(eq(expenseClaimInvoices.tenantId, tenantId), inArray(expenseClaimInvoices.invoiceKey, keys)));
}
