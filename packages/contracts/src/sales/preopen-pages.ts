/**
 * 预开审核手机端 (issue 30, spec §2.9): the invoicer's phone pages and the addresses of their API, without zod.
 * The light entry apps/web/src/phone/preopen imports this file alone (`@fpy/contracts/preopen-pages`);
 * `preopen-phone.ts` builds the full contracts from the same addresses, so each address is written once.
 */

/** The pages: the routes of the phone entry `preopen` (../phone-entries.ts). */
export const PREOPEN_PAGE_PATHS = [
  '/invoicerBinding',
  '/codeScanningInvoicing',
  '/invoicingProcessing',
  '/invoicingStatus',
  '/preopeningOver',
] as const;
export type PreopenPagePath = (typeof PREOPEN_PAGE_PATHS)[number];

/** /invoicerBinding?c=<binding code>: the QR the console's 预开审核 page shows. */
export const PREOPEN_BIND_PARAM = 'c';
/** /codeScanningInvoicing?a=<application code>: the QR on a pre-issue application. */
export const PREOPEN_APP_PARAM = 'a';
/** /invoicingProcessing?id=<invoice id> (and the status and over pages): an application the phone opened. */
export const PREOPEN_ID_PARAM = 'id';

/** Binding and application codes: base62, 16–32 characters; anything else is unknown. */
export const PREOPEN_CODE_RE = /^[0-9A-Za-z]{16,32}$/;

/** Where the console's QR codes point. */
export const preopenBindUrl = (code: string) =>
  `/invoicerBinding?${PREOPEN_BIND_PARAM}=${encodeURIComponent(code)}`;
export const preopenAppUrl = (code: string) =>
  `/codeScanningInvoicing?${PREOPEN_APP_PARAM}=${encodeURIComponent(code)}`;

const BASE = '/api/public/preopen';

/**
 * Method and path of each phone call. The phone's device token travels in the JSON body (never in an address,
 * so it is not written to logs or history); every call is a POST, limited per IP like every public write.
 */
export const PREOPEN_API = {
  /** Bind this phone with a binding code: answers the device token. */
  bind: { method: 'POST', path: `${BASE}/bind` },
  /** Who this phone is bound to (and whether the binding still works). */
  me: { method: 'POST', path: `${BASE}/me` },
  /** Forget this phone's binding on the server. */
  unbind: { method: 'POST', path: `${BASE}/unbind` },
  /** The applications waiting for review in the bound user's company. */
  list: { method: 'POST', path: `${BASE}/applications` },
  /** One application, by its QR code or its id. */
  view: { method: 'POST', path: `${BASE}/applications/view` },
  /** Approve (→ issue) or reject with a reason. */
  decide: { method: 'POST', path: `${BASE}/applications/decide` },
  /** Issue a failed invoice again (when the user may in the console). */
  retry: { method: 'POST', path: `${BASE}/applications/retry` },
  /** A one-off, short-lived ticket for the issued invoice's PDF. */
  pdfTicket: { method: 'POST', path: `${BASE}/applications/pdf-ticket` },
  /** The PDF behind a ticket. */
  pdf: { method: 'GET', path: `${BASE}/files/{ticket}` },
} as const;
