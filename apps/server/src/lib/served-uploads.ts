/**
 * What /uploads/ serves and how (`plugins/static.ts`; the names are the ones `platform/base`'s uploads write, so
 * it sits here, below both). Only files the product wrote through `rasterise` are served: their names are
 * a random UUID (optionally `seal-`) with the extension of what was written, plus the seeded demo logo.
 * Anything else found in the folder (an SVG or HTML from before uploads were rasterised, a stray Excel file)
 * answers 404, so the folder can never hand a browser a document to run.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const WRITTEN = new RegExp(`^/?(?:(?:seal-)?${UUID}\\.(?:png|jpg)|seed/brand-logo\\.png)$`);

const TYPES = { png: 'image/png', jpg: 'image/jpeg' } as const;

/** The image type of a served upload, from the extension the product gave it; null when it is not served. */
export function servedUploadType(pathname: string): (typeof TYPES)[keyof typeof TYPES] | null {
  if (!WRITTEN.test(pathname)) return null;
  return pathname.endsWith('.png') ? TYPES.png : TYPES.jpg;
}

/**
 * Headers of every served upload. Even an image opened directly as a page gets a sandboxed document with no
 * script, no plugin and no request of its own; nosniff keeps the browser to the declared image type. These
 * override the console's global security headers on the same names.
 */
export function uploadHeaders(pathname: string, type: string): Record<string, string> {
  const name = pathname.slice(pathname.lastIndexOf('/') + 1);
  return {
    'content-type': type,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; img-src 'self' data:; frame-ancestors 'self'; sandbox",
    'content-disposition': `inline; filename="${name}"`,
  };
}
