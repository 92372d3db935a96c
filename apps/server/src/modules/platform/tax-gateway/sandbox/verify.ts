import { type Db, taxSandboxInvoices } from '@fpy/db';
import type { InvoiceType } from '@fpy/domain';
import { eq } from 'drizzle-orm';
import type { VerifyRequest, VerifyResult } from '../../../../gateways/tax-bureau/gateway.ts';
import { DIGITAL_NUMBER } from './numbering.ts';

type Field = Extract<VerifyResult, { result: 'mismatch' }>['fields'][number];

/**
 * 查验 (§7.1) for invoices the sandbox issued: a 数电 invoice is checked by number + 开票日期 + 价税合计 (no code,
 * no check code). The sandbox issues 数电 only, so a legacy code or check code never finds anything here.
 * The per-day limits the real service applies (5 checks a day, not on the day of issue) are not simulated.
 */
export async function verifyInvoice(db: Db, req: VerifyRequest): Promise<VerifyResult> {
  if (req.code || !DIGITAL_NUMBER.test(req.number)) return { result: 'not_found' };
  const rows = await db.select().from(taxSandboxInvoices).where(eq(taxSandboxInvoices.number, req.number));
  if (!rows.length) return { result: 'not_found' };
  // Numbers run per seller (see the schema), so the same number may belong to two sellers: any full match wins.
  let best: Field[] | null = null;
  for (const inv of rows) {
    const fields: Field[] = [];
    if (inv.issueDate !== req.issueDate) fields.push('issueDate');
    if (req.totalFen === undefined || req.totalFen !== inv.totalFen) fields.push('totalFen');
    if (!fields.length)
      return {
        result: 'match',
        invoice: {
          number: inv.number,
          type: inv.invoiceType as InvoiceType,
          colour: inv.colour as 'blue' | 'red',
          sellerName: inv.sellerName,
          sellerCreditCode: inv.sellerCreditCode,
          buyerName: inv.buyerName,
          amountFen: inv.amountFen,
          taxFen: inv.taxFen,
          totalFen: inv.totalFen,
          issueDate: inv.issueDate,
        },
      };
    if (!best || fields.length < best.length) best = fields;
  }
  return { result: 'mismatch', fields: best ?? [] };
}
