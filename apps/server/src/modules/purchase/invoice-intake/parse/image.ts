import jsQR from 'jsqr';
import sharp from 'sharp';
import { parseQrText } from './qr.ts';
import { type ParsedInvoice, ParseRefusal } from './types.ts';

/** A photo or screenshot is at most this many pixels (decoded RGBA: 4 bytes each). */
const MAX_PIXELS = 25_000_000;
/** Large pictures are scaled down to this width before searching (jsQR's time grows with the pixels). */
const SEARCH_WIDTH = 1600;

/**
 * A picture of the invoice's QR code (PNG, JPEG, WebP): decoded by sharp (libvips, already the server's image
 * library) with a pixel limit checked from the header before decoding, searched by jsQR (pure JS), then read
 * as the QR's text (qr.ts). A QR gives number, date, amount and type; the rest comes from the bureau (查验).
 */
export async function parseInvoiceImage(bytes: Uint8Array): Promise<ParsedInvoice> {
  let raw: { data: Buffer; info: { width: number; height: number } };
  try {
    const img = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const meta = await img.metadata();
    const pipeline = (meta.width ?? 0) > SEARCH_WIDTH ? img.resize({ width: SEARCH_WIDTH }) : img;
    raw = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch (err) {
    const msg = (err as Error).message ?? '';
    if (/pixel limit/i.test(msg)) throw new ParseRefusal('too_large', 'pixels');
    throw new ParseRefusal('broken', 'image');
  }
  const { data, info } = raw;
  const code = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    info.width,
    info.height,
  );
  if (!code?.data) throw new ParseRefusal('no_qr');
  return parseQrText(code.data, 'image');
}
