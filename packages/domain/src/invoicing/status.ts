/**
 * The issuing state machine as data (issue 4 §2). Each state carries its Chinese label; `INVOICE_TRANSITIONS`
 * is the only list of allowed moves, and the server's conditional UPDATEs check against it.
 *
 * - pending_review only exists for tenants with invoiceMethod 0 (预开: finance audits before issuing).
 * - A lost gateway answer keeps the invoice in `issuing` and is resolved by querying, never by resubmitting.
 * - Electronic invoices cannot be voided, only red-flushed (domain notes §6.3); `void` is for 数电纸质 / paper
 *   invoices issued this month, and for drafts abandoned before issue.
 */
export const InvoiceStatus = {
  Draft: 'draft',
  PendingReview: 'pending_review',
  Ready: 'ready',
  Issuing: 'issuing',
  Issued: 'issued',
  Failed: 'failed',
  PartlyRed: 'partly_red',
  Red: 'red',
  Void: 'void',
} as const;
export type InvoiceStatus = (typeof InvoiceStatus)[keyof typeof InvoiceStatus];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: '草稿',
  pending_review: '待审核',
  ready: '待开具',
  issuing: '开具中',
  issued: '已开具',
  failed: '开具失败',
  partly_red: '部分红冲',
  red: '已红冲',
  void: '已作废',
};

export const INVOICE_STATUSES = Object.values(InvoiceStatus) as InvoiceStatus[];

export const INVOICE_TRANSITIONS: Readonly<Record<InvoiceStatus, readonly InvoiceStatus[]>> = {
  draft: ['ready', 'pending_review', 'void'],
  // Review approves to ready or sends the draft back.
  pending_review: ['ready', 'draft', 'void'],
  ready: ['issuing', 'void'],
  // The bureau answers with a number or a refusal; nothing else leaves issuing.
  issuing: ['issued', 'failed'],
  // Retry resubmits; an abandoned failure may be voided (it never got a number).
  failed: ['issuing', 'void'],
  // §6.1: a red invoice reverses part or all of the blue; §6.3 voiding for paper within the month.
  issued: ['partly_red', 'red', 'void'],
  partly_red: ['partly_red', 'red'],
  red: [],
  void: [],
};

export function isInvoiceStatus(value: unknown): value is InvoiceStatus {
  return typeof value === 'string' && Object.hasOwn(INVOICE_TRANSITIONS, value);
}

/** Pure: whether the machine allows moving from `from` to `to`. */
export function canTransition(from: InvoiceStatus, to: InvoiceStatus): boolean {
  return isInvoiceStatus(from) && (INVOICE_TRANSITIONS[from] as readonly string[]).includes(to);
}

/** States with no way out. */
export function isTerminal(status: InvoiceStatus): boolean {
  return INVOICE_TRANSITIONS[status].length === 0;
}
