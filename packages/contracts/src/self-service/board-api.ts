/**
 * The code-board buyer pages' API addresses, without zod: the light `apply` phone entry imports this file (through
 * apply-pages-board.ts) so a phone does not download the contracts and zod; code-boards.ts builds the full
 * contracts from the same addresses.
 */

/** The query parameter carrying the board code on every board page: /enterpriseCodePlate?c=<code>. */
export const BOARD_CODE_PARAM = 'c';
/** The query parameter carrying the request's token on the status pages. */
export const BOARD_REQUEST_PARAM = 'r';
/** Board codes: base62, 20 characters (≈ 119 bits); anything else is unavailable. */
export const BOARD_CODE_RE = /^[0-9A-Za-z]{20}$/;

const BASE = '/api/public/self-service/boards/{code}';

export const BOARD_API = {
  /** The board as the buyer sees it. */
  board: { method: 'GET', path: BASE },
  /** Ask for an invoice through the board. */
  submit: { method: 'POST', path: `${BASE}/requests` },
  /** Where that request stands (the status page polls it). */
  request: { method: 'GET', path: `${BASE}/requests/{token}` },
} as const;

/** The buyer's board pages (phone entry `apply`, routes in apply-pages-board.ts). */
export const BOARD_PAGES = {
  /** Board landing: standard invoices, a 全电 board, and the binding address printed on older plates. */
  plate: '/enterpriseCodePlate',
  allElePlate: '/allEleCodeBoardPlat',
  binding: '/codeBoardBinding',
  /** The request form (amount, category, title). */
  form: '/serviceItemPrice',
  allEleForm: '/allEleBusinessBind',
  formSpj: '/applicationInvoiceSpj',
  /** The request's status, polled until it is decided. */
  status: '/bindingSuccess',
  allEleStatus: '/allEleBindSuccess',
  statusFollow: '/officialAccountsSpj',
} as const;

/** The address a board's QR code carries (origin added by the server): the landing of its invoice kind. */
export const boardPagePath = (code: string, invoiceKind: 'normal' | 'allEle') =>
  `${invoiceKind === 'allEle' ? BOARD_PAGES.allElePlate : BOARD_PAGES.plate}?${BOARD_CODE_PARAM}=${encodeURIComponent(code)}`;
