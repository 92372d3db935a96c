/**
 * The phone entry `apply`'s routes owned by lane ORDERS (issue 30): exact paths, each listed only once its page
 * works (the page lives in apps/web/src/phone/apply/order/). Zod-free: the light entry imports it, with the
 * addresses of the order pages' public calls (scan-orders.ts and invoice-requests.ts build the full contracts
 * from the same addresses, so each is written once).
 */
export const APPLY_PAGES_ORDER: readonly string[] = [
  '/webIndex',
  '/webIndexTest',
  '/webIndexBwt',
  '/invoiceInfo',
  '/wxScanInvoice',
  '/toThirdPlat',
  '/toThirdPlatTest',
  '/toThirdPlatBwt',
  '/allEleToThirdPlat',
  '/allEleToThirdPlatBwt',
  '/allzhuiToThirdPlat',
  '/allzhuiInvoiceScan',
  '/zyZmInvoice',
  '/allEleInvoiceScan',
  '/allEleInvoiceDetail',
  '/ypsjbxcxH5',
  '/ypMiniProgram',
  '/applicationInvoice',
  '/applicationInvoiceBwt',
  '/allEleInvoiceApplicationInvoice',
  '/allEleScanInvoicing',
  '/invoiceResult',
  '/invoiceResultBlank',
  '/allEleScanSuccess',
  '/allEleBusinessError',
];

const ORDER_BASE = '/api/public/self-service/orders/{code}';

export const ORDER_API = {
  /** What the buyer sees of an order: seller, amount, lines, its state, and the result once asked. */
  order: { method: 'GET', path: ORDER_BASE },
  /** The buyer's ask: the title and the invoice type; the amount and lines are the order's own. */
  submit: { method: 'POST', path: `${ORDER_BASE}/requests` },
  /** The order's short address (its QR and the link the seller copies): 302 to /webIndex?c=<code>. */
  short: { method: 'GET', path: '/q/{code}' },
  /** Where a request stands, by the buyer's request token (polled by the result pages). */
  request: { method: 'GET', path: '/api/public/self-service/requests/{token}' },
} as const;
