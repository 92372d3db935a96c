import type { BatchRowIssue, CreateInvoiceBody } from '@fpy/contracts';

/** One invoice of the batch as validated: the single-issue body minus its serial (batch-<id>-<groupNo>). */
export interface StoredInvoice {
  /** 1-based position of its 单据号 among all 单据号 of the file (valid or not); also invoices.batch_row. */
  groupNo: number;
  documentNo: string;
  rowNumbers: number[];
  body: Omit<CreateInvoiceBody, 'clientSerial'>;
}

/** invoice_batches.payload: what the batch job creates, and who pressed 开具 (the invoices' creator). */
export interface BatchPayload {
  invoices: StoredInvoice[];
  issuedBy: { userId: number; name: string } | null;
}

/** One workbook row as uploaded: values in BATCH_COLUMNS order, and the invoice group it fell into. */
export interface StoredRow {
  rowNumber: number;
  groupNo: number | null;
  values: string[];
}

export interface InvalidGroup {
  groupNo: number;
  documentNo: string;
  rowNumbers: number[];
}

/** invoice_batches.report. */
export interface BatchReport {
  rows: StoredRow[];
  issues: BatchRowIssue[];
  invalidGroups: InvalidGroup[];
  validRows: number;
  invalidRows: number;
  warnings: string[];
  /** Groups the batch job could not create (a rule changed since upload); counted as failed. */
  runFailures: { groupNo: number; reason: string }[];
}
