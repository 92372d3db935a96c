import jsQR from 'jsqr';

/**
 * Reads the QR code in a picture the buyer chose or took (issue 30 §3). Loaded only when a buyer asks to read
 * one (a dynamic import from the picker), so jsQR (~45 KB gzip) never weighs on the `apply` entry itself.
 *
 * Why in the phone and not on the server: the picture never leaves the phone (only the title the buyer then
 * submits does), the server takes no untrusted image uploads to parse, and a phone decodes one picture in well
 * under a second. Large photos are scaled to at most 1200 px on their long side first (a QR on a card stays
 * readable; decoding a 12-megapixel photo would take seconds).
 */
const MAX_SIDE = 1200;

async function pixels(file: Blob): Promise<ImageData> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const w = Math.max(1, Math.round(bitmap.width * scale));
  const h = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no canvas');
  ctx.drawImage(bitmap, 0, 0, w, h);
  bitmap.close();
  return ctx.getImageData(0, 0, w, h);
}

/** The QR text, or null when the picture holds none. Throws when the file is not a readable image. */
export async function decodeQrImage(file: Blob): Promise<string | null> {
  const img = await pixels(file);
  const found = jsQR(img.data, img.width, img.height, { inversionAttempts: 'attemptBoth' });
  return found?.data ?? null;
}
