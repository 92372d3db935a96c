import type { ApplyKey } from './zh.ts';

const en = {
  'brand.main': 'Fapiaoyun · Self-service invoice',
  'brand.bwt': 'E-invoice service platform · Self-service invoice',
  'channel.test': 'Test channel: this page is for integration tests, not for real invoices',
  'entry.unknown.title': 'Page not found',
  'entry.unknown.text':
    "Scan the QR code on your receipt or on the counter's code board, or open the invoicing link the seller sent you.",
} satisfies Record<ApplyKey, string>;

export default en;
