import { type Db, taxSandboxInvoices } from '@fpy/db';
import type { InvoiceType } from '@fpy/domain';
import { and, eq } from 'drizzle-orm';
import type { VerifiedState, VerifyRequest, VerifyResult } from '../../../../gateways/tax-bureau/gateway.ts';
import { DIGITAL_NUMBER } from './numbering.ts';

type Field = Extract<VerifyResult, { result: 'mismatch' }>['fields'][number];

/**
 * Legacy (税控) invoices the sandbox bureau knows (lane CHECK, issue 31): the sandbox issues 数电 only, so these stand
 * for the paper and electronic 专票 / 普票 suppliers gave the demo company (91310115MA1K4GDM05) before 数电. A
 * 专票 is checked by 开具金额（不含税）, a 普票 / 卷票 by 校验码后 6 位 (§7.1). One is 失控 (abnormal), one voided.
 */
export const SANDBOX_LEGACY_INVOICES: readonly (Extract<VerifyResult, { result: 'match' }>['invoice'] & {
  checkCode?: string;
})[] = [
  {
    code: '3100201130',
    number: '04512870',
    type: 'special_paper',
    colour: 'blue',
    sellerName: '上海恒信办公用品有限公司',
    sellerCreditCode: '91310104MA1FR5XK2L',
    buyerName: '演示科技有限公司',
    buyerTaxNumber: '91310115MA1K4GDM05',
    amountFen: 100000,
    taxFen: 13000,
    totalFen: 113000,
    issueDate: '2026-09-14',
    state: 'normal',
  },
  {
    code: '031002000111',
    number: '61238805',
    type: 'electronic_ordinary',
    colour: 'blue',
    sellerName: '上海申通快递服务有限公司',
    sellerCreditCode: '91310118MA1JL2QW7T',
    buyerName: '演示科技有限公司',
    buyerTaxNumber: '91310115MA1K4GDM05',
    amountFen: 10000,
    taxFen: 600,
    totalFen: 10600,
    issueDate: '2026-10-09',
    checkCode: '17209481203551940517',
    state: 'normal',
  },
  {
    code: '031002100513',
    number: '00038921',
    type: 'electronic_special',
    colour: 'blue',
    sellerName: '杭州远景电子科技有限公司',
    sellerCreditCode: '91330106MA2H3K8P4N',
    buyerName: '演示科技有限公司',
    buyerTaxNumber: '91310115MA1K4GDM05',
    amountFen: 250000,
    taxFen: 32500,
    totalFen: 282500,
    issueDate: '2026-08-21',
    state: 'abnormal',
  },
  {
    code: '031001900104',
    number: '22190467',
    type: 'roll',
    colour: 'blue',
    sellerName: '上海南京路餐饮管理有限公司',
    sellerCreditCode: '91310101MA1G0TR95B',
    buyerName: '演示科技有限公司',
    buyerTaxNumber: '91310115MA1K4GDM05',
    amountFen: 28302,
    taxFen: 1698,
    totalFen: 30000,
    issueDate: '2026-10-30',
    checkCode: '66015523908741253310',
    state: 'voided',
  },
];

/** 专票 (paper, electronic) are checked by 开具金额（不含税）; 普票, 电子普票 and 卷票 by 校验码后 6 位 (§7.1). */
const LEGACY_BY_AMOUNT: ReadonlySet<InvoiceType> = new Set(['special_paper', 'electronic_special']);

function verifyLegacy(req: VerifyRequest): VerifyResult {
  const code = req.code?.trim() ?? '';
  const hits = SANDBOX_LEGACY_INVOICES.filter((i) => i.code === code && i.number === req.number);
  if (!hits.length) return { result: 'not_found' };
  const inv = hits[0];
  const fields: Field[] = [];
  if (inv.issueDate !== req.issueDate) fields.push('issueDate');
  if (LEGACY_BY_AMOUNT.has(inv.type)) {
    if (req.amountFen === undefined || req.amountFen !== inv.amountFen) fields.push('amountFen');
  } else if (!req.checkCodeLast6 || !inv.checkCode?.endsWith(req.checkCodeLast6)) fields.push('checkCode');
  if (fields.length) return { result: 'mismatch', fields };
  const { checkCode: _kept, ...invoice } = inv;
  return { result: 'match', invoice };
}

/**
 * 查验 (§7.1): a 数电 invoice the sandbox issued is checked by number + 开票日期 + 价税合计 (no code, no check code);
 * a legacy one (code + number) by the archive above. The reply carries the bureau's state: a blue invoice the seller
 * later reversed with a red invoice reads 'red'. The per-day limits the real service applies (5 checks a day, not
 * on the day of issue) are not simulated.
 */
export async function verifyInvoice(db: Db, req: VerifyRequest): Promise<VerifyResult> {
  if (req.code?.trim()) return verifyLegacy(req);
  if (!DIGITAL_NUMBER.test(req.number)) return { result: 'not_found' };
  const rows = await db.select().from(taxSandboxInvoices).where(eq(taxSandboxInvoices.number, req.number));
  if (!rows.length) return { result: 'not_found' };
  // Numbers run per seller (see the schema), so the same number may belong to two sellers: any full match wins.
  let best: Field[] | null = null;
  for (const inv of rows) {
    const fields: Field[] = [];
    if (inv.issueDate !== req.issueDate) fields.push('issueDate');
    if (req.totalFen === undefined || req.totalFen !== inv.totalFen) fields.push('totalFen');
    if (!fields.length) {
      let state: VerifiedState = 'normal';
      if (inv.colour === 'blue') {
        const reds = await db
          .select({ id: taxSandboxInvoices.id })
          .from(taxSandboxInvoices)
          .where(
            and(
              eq(taxSandboxInvoices.blueNumber, inv.number),
              eq(taxSandboxInvoices.sellerCreditCode, inv.sellerCreditCode),
            ),
          )
          .limit(1);
        if (reds.length) state = 'red';
      }
      return {
        result: 'match',
        invoice: {
          number: inv.number,
          type: inv.invoiceType as InvoiceType,
          colour: inv.colour as 'blue' | 'red',
          sellerName: inv.sellerName,
          sellerCreditCode: inv.sellerCreditCode,
          buyerName: inv.buyerName,
          buyerTaxNumber: inv.buyerTaxNumber,
          state,
          amountFen: inv.amountFen,
          taxFen: inv.taxFen,
          totalFen: inv.totalFen,
          issueDate: inv.issueDate,
        },
      };
    }
    if (!best || fields.length < best.length) best = fields;
  }
  return { result: 'mismatch', fields: best ?? [] };
}
