/**
 * Enqueued after an invoice reaches 已开具 (after the commit): layout files are rendered by its processor
 * (modules/sales/invoice-files). Processors must be idempotent; the job may run twice.
 */
export const INVOICE_ISSUED_JOB = 'invoice.issued';
export interface InvoiceIssuedPayload {
  tenantId: number;
  invoiceId: number;
}
