import type { invoiceLines, invoices } from '@fpy/db';
import { hasFilesStatus, type InvoiceType, type TaxRate } from '@fpy/domain';

// Pure data and formatting of the face: no database import, so the render workers load only what they draw with.

/** What the XML and the PDF are made of: the stored invoice and its lines, nothing recomputed. */
export type FaceInvoice = Pick<
  typeof invoices.$inferSelect,
  | 'id'
  | 'tenantId'
  | 'colour'
  | 'sellerName'
  | 'sellerCreditCode'
  | 'sellerAddress'
  | 'sellerPhone'
  | 'sellerBank'
  | 'sellerAccount'
  | 'buyerName'
  | 'buyerTaxNumber'
  | 'buyerAddress'
  | 'buyerPhone'
  | 'buyerBank'
  | 'buyerAccount'
  | 'remarks'
  | 'drawer'
  | 'payee'
  | 'reviewer'
  | 'amountFen'
  | 'taxFen'
  | 'totalFen'
  | 'status'
  | 'blueNumber'
  | 'checkCode'
  | 'specialLabel'
> & { type: InvoiceType; number: string; issuedAt: Date };

export type FaceLine = Pick<
  typeof invoiceLines.$inferSelect,
  | 'lineNo'
  | 'kind'
  | 'name'
  | 'spec'
  | 'unit'
  | 'quantity'
  | 'unitPrice'
  | 'unitPriceExclusive'
  | 'policy'
  | 'amountFen'
  | 'taxFen'
> & { rate: TaxRate };

export interface FaceData {
  invoice: FaceInvoice;
  lines: FaceLine[];
}

export function hasFiles(inv: { status: string; number: string | null; issuedAt: Date | null }): boolean {
  /** Only the has-files family with a number (a void invoice only if it was issued first). */
  return hasFilesStatus(inv.status) && !!inv.number && !!inv.issuedAt;
}

// Asia/Shanghai has no daylight saving: local time is a fixed +8 h shift of UTC.
const shanghai = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString();

/** 20240514 */
export const ymdCompact = (d: Date) => shanghai(d).slice(0, 10).replaceAll('-', '');
/** 2024年05月14日 */
export const ymdChinese = (d: Date) => {
  const s = shanghai(d);
  return `${s.slice(0, 4)}年${s.slice(5, 7)}月${s.slice(8, 10)}日`;
};
/** 2024-05-14 10:20:30 */
export const dateTime = (d: Date) => shanghai(d).slice(0, 19).replace('T', ' ');

/** Red invoices print negative figures whatever sign a row was stored with. */
export const signedFen = (inv: Pick<FaceInvoice, 'colour'>, fen: number) =>
  inv.colour === 'red' ? -Math.abs(fen) : fen;

export const signedQuantity = (inv: Pick<FaceInvoice, 'colour'>, q: string | null) => {
  if (!q || inv.colour !== 'red') return q;
  return q.startsWith('-') ? q : `-${q}`;
};
