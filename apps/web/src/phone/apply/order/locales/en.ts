import type { OrderKey } from './zh.ts';

const en = {
  'scan.title': 'Scan to invoice',
  'nocode.title': 'Scan the invoicing QR code on your receipt',
  'nocode.text':
    'Your receipt carries an invoicing QR code or link. Scan it with your phone, or open the invoicing link the seller sent you, to get your invoice yourself.',
  'unknown.title': 'This invoicing code is not valid',
  'unknown.text':
    'Please check that the QR code or link on your receipt is complete; if it still does not open, ask the seller for the invoice.',
  'order.seller': 'Seller',
  'order.amount': 'Amount',
  'order.lines': 'Items',
  'order.expires': 'Ask for the invoice before {day}',
  'order.go': 'Enter the title',
  'order.rejected': 'The seller rejected the last request: {reason}. Please correct the title and ask again.',
  'state.expired.title': 'This code has expired',
  'state.expired.text': 'The time to ask for this invoice has passed; please ask the seller.',
  'state.voided.title': 'This order was voided',
  'state.voided.text':
    'The seller voided this order; it cannot be invoiced. Please ask the seller if in doubt.',
  'state.pending.title': 'Sent — waiting for the seller',
  'state.pending.text': 'The invoice is issued once the seller approves; this page updates by itself.',
  'state.issuing.title': 'Issuing the invoice',
  'state.issuing.text': 'Issuing usually takes a few seconds; this page updates by itself.',
  'state.failed.title': 'Not issued yet',
  'state.failed.text':
    'The invoice could not be issued yet; the seller will issue it again. Ask the seller if in doubt.',
  'state.issued.title': 'Invoice issued',
  'apply.title': 'Ask for the invoice',
  'apply.type': 'Invoice type',
  'apply.submit': 'Issue the invoice',
  'apply.submitting': 'Sending…',
  'apply.fixTitle': 'Please correct the marked fields of the title first',
  'apply.confirm': 'An invoice of {amount} to “{name}”',
  'apply.paused.title': 'The seller has paused self-service invoicing',
  'apply.paused.text': 'Please ask the seller for the invoice.',
  'result.title': 'Your invoice',
  'result.pdf': 'Download PDF',
  'result.view': 'Invoice details',
  'result.again': 'Correct the title and ask again',
  'result.back': 'Back to the order',
  'result.email': 'The invoice was also sent to {email}',
  'error.title': 'Invoicing is not available right now',
  'error.text':
    "The seller's invoicing service is not available at the moment. Please scan again later, or ask the seller for the invoice with your receipt.",
  'type.digital_ordinary': 'Digital ordinary invoice',
  'type.digital_special': 'Digital special VAT invoice',
  'type.electronic_ordinary': 'E-ordinary invoice',
  'type.electronic_special': 'E-special invoice',
} satisfies Record<OrderKey, string>;

export default en;
