/**
 * What a product-written image file is, from its first bytes (PNG or JPEG signature). Used where the product
 * reads back its own files, e.g. the seal for the PDF renderer; uploads are judged by `rasterise`, not here.
 */
export function writtenImageType(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}
