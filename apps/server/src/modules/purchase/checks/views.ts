import type { CheckedInvoice, CheckRecordView } from '@fpy/contracts';
import { type Db, type checkRecords, tenants } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { VerifyResult } from '../../../gateways/tax-bureau/gateway.ts';
import { badRequest } from '../../../lib/errors.ts';

export type CheckRow = typeof checkRecords.$inferSelect;

/** The company whose invoices these are: 查验 of received invoices is a company's own work. */
export function ownTenant(actor: { tenantId: number | null }): number {
  if (actor.tenantId === null) throw badRequest('TENANT_REQUIRED.purchase');
  return actor.tenantId;
}

/** The company's tax number (统一社会信用代码): invoices addressed to it are its received invoices. */
export async function ownTaxNumber(db: Db, tenantId: number): Promise<string> {
  const [t] = await db
    .select({ creditCode: tenants.creditCode })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return t?.creditCode ?? '';
}

export function invoiceOfReply(reply: unknown): CheckedInvoice | null {
  const r = reply as VerifyResult | null;
  if (r?.result !== 'match') return null;
  const i = r.invoice;
  return {
    code: i.code ?? null,
    number: i.number,
    type: i.type,
    colour: i.colour,
    sellerName: i.sellerName,
    sellerCreditCode: i.sellerCreditCode,
    buyerName: i.buyerName,
    buyerTaxNumber: i.buyerTaxNumber ?? null,
    state: i.state ?? 'normal',
    amountFen: i.amountFen,
    taxFen: i.taxFen,
    totalFen: i.totalFen,
    issueDate: i.issueDate,
  };
}

export function checkView(row: CheckRow, ownTax: string): CheckRecordView {
  const reply = row.reply as VerifyResult | { result: 'failed' };
  const invoice = invoiceOfReply(reply);
  return {
    id: row.id,
    channel: row.channel as CheckRecordView['channel'],
    batchId: row.batchId,
    invoiceKey: row.invoiceKey,
    code: row.code,
    number: row.number,
    issueDate: row.issueDate,
    result: row.result as CheckRecordView['result'],
    mismatch: reply.result === 'mismatch' ? [...reply.fields] : [],
    state: (row.state as CheckRecordView['state']) ?? null,
    invoice,
    ownInvoice: !!invoice && !!ownTax && invoice.buyerTaxNumber === ownTax,
    receivedInvoiceId: row.receivedInvoiceId,
    checkedByName: row.checkedByName,
    createdAt: row.createdAt.toISOString(),
  };
}
