/**
 * The phone entry `apply`'s routes owned by lane BOARDS (issue 30): exact paths, each listed only once its page
 * works (the page lives in apps/web/src/phone/apply/board/). Zod-free: the light entry imports it.
 * Landing (the board's QR code) → form → status, in three flows: plate, 全电, SPJ (apps/web/src/phone/apply/board).
 */
export const APPLY_PAGES_BOARD: readonly string[] = [
  '/enterpriseCodePlate',
  '/allEleCodeBoardPlat',
  '/codeBoardBinding',
  '/serviceItemPrice',
  '/allEleBusinessBind',
  '/applicationInvoiceSpj',
  '/bindingSuccess',
  '/allEleBindSuccess',
  '/officialAccountsSpj',
];
