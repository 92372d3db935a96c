import type { OrderKey } from './zh.ts';

const en = {
  'scan.title': 'Scan to invoice',
  'nocode.title': 'Scan the invoicing QR code on your receipt',
  'nocode.text':
    'Your receipt carries an invoicing QR code or link. Scan it with your phone, or open the invoicing link the seller sent you, to get your invoice yourself.',
} satisfies Record<OrderKey, string>;

export default en;
