import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.ts';

export interface Upload {
  fileName: string;
  data: Buffer;
  fields: Record<string, string>;
}

/**
 * Reads one uploaded file (field `file`) plus text fields, keeping at most `maxBytes`; a larger file is
 * refused with a message naming the limit rather than cut short and half-read.
 */
export async function readUpload(req: FastifyRequest, maxBytes: number, what: string): Promise<Upload> {
  if (!req.isMultipart()) throw badRequest('FILE_REQUIRED', `请以 multipart/form-data 方式上传${what}`);
  const limitText = `${Math.round(maxBytes / 1024 / 1024)} MB`;
  const fields: Record<string, string> = {};
  let upload: { fileName: string; data: Buffer } | null = null;
  let tooBig = false;
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value.slice(0, 255);
      continue;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of part.file) {
        size += chunk.length;
        if (size <= maxBytes) chunks.push(chunk);
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw badRequest('FILE_TOO_LARGE', `${what}大小不能超过 ${limitText}`);
      throw err;
    }
    if (size > maxBytes || part.file.truncated) tooBig = true;
    if (part.fieldname === 'file' || !upload)
      upload = { fileName: (part.filename ?? 'upload').slice(0, 255), data: Buffer.concat(chunks) };
  }
  if (tooBig) throw badRequest('FILE_TOO_LARGE', `${what}大小不能超过 ${limitText}`);
  if (!upload || upload.data.length === 0) throw badRequest('FILE_REQUIRED', `请选择要上传的${what}`);
  return { ...upload, fields };
}

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
