/**
 * The buyer's public pages (issue 14 §4, spec §2.3 / §2.8) and the addresses of their API, without zod: the
 * light delivery entry (apps/web/src/phone/delivery) imports this file alone (`@fpy/contracts/buyer-pages`) so a
 * phone does not download the contracts and zod; `buyer.ts` builds the full contracts from the same addresses,
 * so each address is still written once.
 */

/** The buyer's pages: the routes of the phone entry `delivery` (../phone-entries.ts), served its HTML. */
export const BUYER_PAGE_PATHS = [
  '/invoiceDetail',
  '/emailViewInvoice',
  '/smsDetail',
  '/allElesmsDetail',
  '/deliverResult',
  '/allEleInvoiceSmsLink',
  '/allEleInvoiceSmsResult',
  '/allEleInvoiceEmailInvoice',
  '/allEleBatchSmsLink',
  '/allElePreDelivery',
  '/allEleDeliverySuccess',
  '/allEleDeliveryResult',
  '/allEleDeliveryError',
  '/allEleDeliveryLoad',
  '/allEleCopyDownload',
  '/smsExtend',
  '/renewalSMS',
] as const;
export type BuyerPagePath = (typeof BUYER_PAGE_PATHS)[number];

/** The query parameter carrying the short code on every buyer page: /smsDetail?c=<code>. */
export const BUYER_CODE_PARAM = 'c';

/**
 * The short address put into SMS (and e-mails): /s/<code> answers 302 to /smsDetail?c=<code>. Codes are base62,
 * at least 12 characters (≥ 64 bits of randomness, see packages/db short_links); anything else is unknown.
 */
export const SHORT_LINK_PREFIX = '/s/';
export const SHORT_CODE_RE = /^[0-9A-Za-z]{12,32}$/;

/** The page a buyer lands on from a short address, an SMS or an e-mail's "view" button. */
export const buyerPageUrl = (code: string, page: BuyerPagePath = '/smsDetail') =>
  `${page}?${BUYER_CODE_PARAM}=${encodeURIComponent(code)}`;

const BASE = '/api/public/delivery/links/{code}';

/** Method and path of each buyer call; the contracts in buyer.ts add permission, schemas and limits. */
export const BUYER_API = {
  /** The invoice face(s) the link opens; `open=1` counts an open. */
  link: { method: 'GET', path: BASE },
  /** PDF or XML of the link's invoice (`n` = its position in a batch link, 0 for a single one). */
  file: { method: 'GET', path: `${BASE}/files/{format}` },
  /** Every PDF of a batch link in one ZIP. */
  zip: { method: 'GET', path: `${BASE}/zip` },
  /** Send the invoice to an e-mail address or a mobile (forward, SMS link) through the delivery pipeline. */
  send: { method: 'POST', path: `${BASE}/deliveries` },
  /** Where a delivery asked for through this link stands (progress and result pages). */
  status: { method: 'POST', path: `${BASE}/deliveries/status` },
  /** Renew an expired link once (/smsExtend). */
  renew: { method: 'POST', path: `${BASE}/renewal` },
  /** The short address itself. */
  short: { method: 'GET', path: `${SHORT_LINK_PREFIX}{code}` },
} as const;
