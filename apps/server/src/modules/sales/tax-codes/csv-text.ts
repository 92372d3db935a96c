import { badRequest } from '../../../lib/errors.ts';

/** UTF-8 text of a CSV upload; binary files (xlsx, images, GBK-encoded exports) are refused by content. */
export function csvText(data: Buffer): string {
  if (data[0] === 0x50 && data[1] === 0x4b)
    throw badRequest('FILE_TYPE_NOT_ALLOWED', '文件格式不正确：请上传 CSV 格式的编码表（不是 Excel 文件）');
  if (data.includes(0))
    throw badRequest('FILE_TYPE_NOT_ALLOWED', '文件格式不正确：请上传 UTF-8 编码的 CSV 文本文件');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw badRequest('FILE_TYPE_NOT_ALLOWED', '文件编码不正确：请将编码表另存为 UTF-8 编码的 CSV');
  }
}
