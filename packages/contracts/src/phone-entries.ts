import { BUYER_PAGE_PATHS } from './delivery/buyer-pages.ts';
import { APPLY_PAGE_PATHS } from './self-service/apply-pages.ts';
import { PREOPEN_PAGE_PATHS } from './sales/preopen-pages.ts';
import { VALIDATE_PAGE_PATHS } from './sales/invoicer-identity-pages.ts';

/**
 * The phone entries (issue 29 §1): public pages a phone opens, each family its own light Vite entry built with
 * the phone kit (apps/web/src/phone/kit) instead of the console's antd bundle. This list is the one place that
 * says which addresses get which entry: the Vite config builds one HTML input per entry and its dev server
 * rewrites the routes to it; the server's static plugin answers each route with its entry's HTML. Zod-free, so
 * the web build and a phone page can import it (`@fpy/contracts/phone-entries`).
 *
 * Adding a family: one line here, and apps/web/src/phone/<name>/ with its index.html and pages. The table of every
 * public route of the specification and where it goes is in apps/web/src/phone/kit/README.md.
 */
export interface PhoneEntry {
  /** The family's folder under apps/web/src/phone/ and the Vite input's name. */
  readonly name: string;
  /** Exact paths (no prefixes: a route of the console never lands on a phone page by accident). */
  readonly routes: readonly string[];
  /** An address the bench opens to weigh the entry's JavaScript (it loads everything up front). */
  readonly sample: string;
}

export const PHONE_ENTRIES: readonly PhoneEntry[] = [
  // The buyer's delivery pages (issue 14 §4): an SMS or e-mail link opens the invoice.
  { name: 'delivery', routes: BUYER_PAGE_PATHS, sample: '/smsDetail?c=BenchCode0000000' },
  // Self-service invoicing (issue 30): a buyer scans an order's or a code board's QR code and asks for the invoice.
  { name: 'apply', routes: APPLY_PAGE_PATHS, sample: '/webIndex?c=BenchCode0000000' },
  // Pre-issue review on the phone (issue 30, spec §2.9): the invoicer binds a phone and approves or rejects.
  { name: 'preopen', routes: PREOPEN_PAGE_PATHS, sample: '/invoicerBinding?c=BenchCode0000000000' },
  // 开票员身份认证 (issue 30, /validate): the invoicer answers the tax bureau's captcha so issuing resumes.
  { name: 'validate', routes: VALIDATE_PAGE_PATHS, sample: '/validate?c=BenchCode0000000000' },
];

/** The entry's HTML, relative to apps/web (its source) and to apps/web/dist (what the build writes). */
export const phoneEntryHtml = (name: string) => `src/phone/${name}/index.html`;

const BY_ROUTE: ReadonlyMap<string, PhoneEntry> = new Map(
  PHONE_ENTRIES.flatMap((entry) => entry.routes.map((route) => [route, entry] as const)),
);

/** The phone entry serving `pathname` (a trailing slash tolerated, the query not part of it), if any. */
export const phoneEntryOf = (pathname: string): PhoneEntry | undefined =>
  BY_ROUTE.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
