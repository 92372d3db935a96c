import { z } from 'zod';
import { idSchema } from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * 版式文件 (issue 4 §4): the PDF invoice face, the 数电 XML master and the OFD face (issue 31) of an issued invoice. Rendered by the
 * `invoice.issued` job and on demand when a file is missing; only issued, partly red, red and voided invoices
 * that got a number have files.
 */
export const INVOICE_FILE_FORMATS = ['pdf', 'xml', 'ofd'] as const;
export type InvoiceFileFormat = (typeof INVOICE_FILE_FORMATS)[number];

/** Every page that shows an issued invoice offers its file; any one of these codes suffices. */
export const INVOICE_FILE_PERMISSIONS = [
  'salesInvoiceQuery:btn_download',
  'invoiceOpener',
  'invoicePrint',
  'stayOpenList',
  'invoiceDetails',
  'preopenRecordManager',
] as const;

export const invoiceFileParams = z.object({
  id: idSchema,
  format: z.enum(INVOICE_FILE_FORMATS, { error: '文件格式只能是 pdf、xml 或 ofd' }),
});

export const downloadInvoiceFile = defineRoute({
  open: {
    operation: 'invoice.download',
    group: 'output-invoice',
    path: '/openapi/v1/invoices/{id}/files/{format}',
    isv: true,
    summary: { zh: '下载发票版式文件', en: 'Download an invoice file' },
  },
  method: 'GET',
  path: '/api/billing/v1/invoices/{id}/files/{format}',
  permission: INVOICE_FILE_PERMISSIONS,
  tag: 'invoicing',
  produces: 'file',
  summary: '下载发票版式文件（PDF 票面、数电 XML 或 OFD 票面；文件名为发票号码）',
  params: invoiceFileParams,
});
