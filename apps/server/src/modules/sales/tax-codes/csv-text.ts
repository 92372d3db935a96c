import { badRequest } from '../../../lib/errors.ts';

/** UTF-8 text of a CSV upload; binary files (xlsx, images, GBK-encoded exports) are refused by content. */
export function csvText(data: Buffer): string {
  if (data[0] === 0x50 && data[1] === 0x4b) throw badRequest('FILE_TYPE_NOT_ALLOWED.csv_not_excel');
  if (data.includes(0)) throw badRequest('FILE_TYPE_NOT_ALLOWED.csv_not_text');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw badRequest('FILE_TYPE_NOT_ALLOWED.csv_encoding');
  }
}
