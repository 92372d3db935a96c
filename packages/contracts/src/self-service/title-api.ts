/**
 * The title pages' API addresses, without zod (issue 30 §3): the light `apply` phone entry imports this file
 * (through apply-pages-title.ts) so a phone does not download the contracts and zod; titles.ts builds the full
 * contracts from the same addresses.
 */

/** The query parameter carrying the buyer's code (an order code or a board code) on every title page. */
export const TITLE_CODE_PARAM = 'c';
/** Search needs this many characters (fewer answer an empty list without a lookup). */
export const TITLE_SEARCH_MIN = 2;
/** At most this many suggestions per search. */
export const TITLE_SEARCH_LIMIT = 8;

const BASE = '/api/public/self-service/titles/{code}';

export const TITLE_API = {
  /** The seller's buyer form (rules, texts, which helps are on) for the code's tenant. */
  form: { method: 'GET', path: `${BASE}/form` },
  /** Company titles as the buyer types: the tenant's customers and the companies the platform knows. */
  search: { method: 'GET', path: `${BASE}/search` },
} as const;
