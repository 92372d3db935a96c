import sharp from 'sharp';
import { badRequest } from '../../../../lib/errors.ts';

/**
 * Turns an uploaded image into a raster the product writes itself, so nothing of the uploaded bytes survives:
 * no script in an SVG (whatever its namespace spelling), no HTML or archive appended to a PNG or JPEG, no
 * metadata or text chunks. A text denylist cannot be complete; decoding to pixels and encoding those pixels
 * again is.
 *
 * What was uploaded is decided by libvips from the bytes (never the file name or the declared type). SVG is
 * rendered by librsvg from memory: with no base URL it resolves no reference other than `data:` (no file, no
 * http, no XInclude, no external entity; test/http/uploads-hostile.test.ts proves it), and libxml2 stops entity
 * amplification.
 */
export type UploadFormat = 'png' | 'jpeg' | 'svg';

export interface Raster {
  data: Buffer;
  ext: 'png' | 'jpg';
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

/** Decoded size a header may announce (4096 × 4096): a 2 MB PNG of one colour can claim far more. */
export const MAX_INPUT_PIXELS = 4096 * 4096;
/** Longest side of what is written; logos, title images, menu icons and seals never need more. */
export const MAX_SIDE = 1024;
/** A small vector logo is rendered up to this long side (and at most 4× its own size) so it stays sharp. */
const SVG_TARGET_SIDE = 512;
/** An SVG with heavy filters could keep a CPU busy; past this the upload is refused. */
const TIMEOUT_SECONDS = 10;

/**
 * Decodes `input` and writes it again: PNG for PNG and SVG, JPEG for JPEG, scaled down to fit `MAX_SIDE`.
 * Refuses with 400 FILE_TYPE_NOT_ALLOWED (`refusal`) anything that is not one of `accept` or cannot be decoded,
 * and with 400 FILE_TOO_LARGE an image whose decoded size is over the pixel limit.
 */
export async function rasterise(
  input: Buffer,
  opts: {
    accept: readonly UploadFormat[];
    refusal: 'FILE_TYPE_NOT_ALLOWED.seal' | 'FILE_TYPE_NOT_ALLOWED.image';
  },
): Promise<Raster> {
  const refuse = () => badRequest(opts.refusal);
  const format = await formatOf(input);
  if (format === 'sizeless-svg' && opts.accept.includes('svg'))
    throw badRequest('FILE_TYPE_NOT_ALLOWED.svg_size');
  if (!format || format === 'sizeless-svg' || !opts.accept.includes(format.name)) throw refuse();

  const svg = format.name === 'svg';
  let pipeline = sharp(input, {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'warning',
    autoOrient: true,
    ...(svg ? { density: svgDensity(format.width, format.height) } : {}),
  })
    .timeout({ seconds: TIMEOUT_SECONDS })
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  // sharp keeps no metadata unless asked (no EXIF, XMP, comments or text chunks are copied).
  pipeline = format.name === 'jpeg' ? pipeline.jpeg({ quality: 90 }) : pipeline.png();
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return format.name === 'jpeg'
      ? { data, ext: 'jpg', mime: 'image/jpeg', width: info.width, height: info.height }
      : { data, ext: 'png', mime: 'image/png', width: info.width, height: info.height };
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message))
      throw badRequest('FILE_TOO_LARGE.pixels', { megapixels: MAX_INPUT_PIXELS / 1024 / 1024 });
    throw refuse();
  }
}

/**
 * The format libvips recognises in the bytes and the size the header announces; null when nothing decodable
 * is recognised. Reading metadata parses headers only (no pixels are decoded), so it needs no pixel limit.
 */
async function formatOf(
  input: Buffer,
): Promise<{ name: UploadFormat; width: number; height: number } | 'sizeless-svg' | null> {
  try {
    const m = await sharp(input, { limitInputPixels: false }).metadata();
    const name = m.format === 'png' || m.format === 'jpeg' || m.format === 'svg' ? m.format : null;
    if (!name || !m.width || !m.height) return null;
    return { name, width: m.width, height: m.height };
  } catch (err) {
    // librsvg renders nothing without an intrinsic size: say so rather than "not an image".
    return /svgload.*bad dimensions/i.test((err as Error).message) ? 'sizeless-svg' : null;
  }
}

/**
 * The DPI to render an SVG at (its own size is at 72 DPI): small logos are drawn larger so they stay sharp,
 * huge declared sizes smaller so a vector image is not refused for a number in its header.
 */
function svgDensity(width: number, height: number): number {
  const side = Math.max(width, height);
  const scale = side < SVG_TARGET_SIDE ? Math.min(4, SVG_TARGET_SIDE / side) : Math.min(1, MAX_SIDE / side);
  return Math.min(288, Math.max(1, 72 * scale));
}
