/**
 * The phone entry `apply`'s routes owned by lane TITLES (issue 30): exact paths, each listed only once its page
 * works (the page lives in apps/web/src/phone/apply/title/). Zod-free: the light entry imports it.
 */
export const APPLY_PAGES_TITLE: readonly string[] = [
  '/titleDetail',
  '/titleUpload',
  '/titleUploadBwt',
  '/wxInvoiceUpload',
  '/allEleInvoiceTitleUpload',
  '/chooseTitle',
  '/billsCollectionTitle',
  '/allEleHeadWx',
];
