/**
 * Delivery message templates (issue 14 §1–§2): `{{variable}}` placeholders filled from plain strings, and the
 * SMS segment count the quota is charged by. Pure, so the server, the template page's live preview and the
 * tests agree on what a message says and costs.
 */

/** The variables an invoice-delivery template may use; others render empty. */
export const DELIVERY_TEMPLATE_VARIABLES = [
  'buyerName',
  'sellerName',
  'invoiceNumber',
  'amount',
  'issueDate',
  'link',
] as const;
export type DeliveryTemplateVariable = (typeof DELIVERY_TEMPLATE_VARIABLES)[number];

/** `{{ name }}`: letters, digits and underscore, spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * Fills every `{{name}}` with `vars[name]`. An unknown or missing variable becomes '' rather than staying as
 * braces in a message a buyer reads. Values are inserted as they are (never re-scanned for placeholders), so a
 * buyer name that happens to contain `{{link}}` cannot pull other variables in.
 */
export function renderTemplate(
  text: string,
  vars: Readonly<Record<string, string | null | undefined>>,
): string {
  return text.replace(PLACEHOLDER, (_m, name: string) =>
    Object.hasOwn(vars, name) ? (vars[name] ?? '') : '',
  );
}

/** The distinct variable names a template uses, in order of first appearance. */
export function templateVariables(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER)) seen.add(m[1]);
  return [...seen];
}

/** One SMS holds 70 characters; a longer one is sent in parts of 67 (the rest carries the joining header). */
export const SMS_SINGLE_SEGMENT_CHARS = 70;
export const SMS_MULTIPART_SEGMENT_CHARS = 67;

/**
 * Segments (计费条数) an SMS text is billed as: characters counted as the carriers do (a Chinese character, a
 * Latin letter, a digit and a punctuation mark count one each; an emoji outside the BMP counts one — Unicode
 * code points), signature included when the caller adds it. Empty text costs nothing.
 */
export function smsSegments(text: string): number {
  const chars = [...text].length;
  if (chars === 0) return 0;
  if (chars <= SMS_SINGLE_SEGMENT_CHARS) return 1;
  return Math.ceil(chars / SMS_MULTIPART_SEGMENT_CHARS);
}
