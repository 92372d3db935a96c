import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { storedFiles } from '@fpy/db';
import type { FastifyRequest } from 'fastify';
import type { AuthedCtx } from '../../../http/context.ts';
import { badRequest } from '../../../lib/errors.ts';
import { sniffImage } from './image-check.ts';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export interface StoredImage {
  url: string;
  /** Text fields sent with the file, in whichever order the client put them. */
  fields: Record<string, string>;
}

/**
 * Reads a multipart upload (one image in field `file`, plus text fields), checks size and type by content,
 * writes it under a random name in the uploads folder and records it in stored_files.
 */
export async function storeImage(
  ctx: AuthedCtx,
  req: FastifyRequest,
  opts: { uploadsDir: string; kind: string; tenantId: number | null },
): Promise<StoredImage> {
  if (!req.isMultipart()) throw badRequest('FILE_REQUIRED', '请以 multipart/form-data 方式上传文件');
  const { fields, file } = await readUpload(req);
  if (file?.tooBig) throw badRequest('FILE_TOO_LARGE', '图片大小不能超过 2 MB');
  if (!file || file.data.length === 0) throw badRequest('FILE_REQUIRED', '请选择要上传的图片');
  const kind = sniffImage(file.data);
  if ('problem' in kind) throw badRequest('FILE_TYPE_NOT_ALLOWED', kind.problem);

  const storageKey = `${randomUUID()}.${kind.ext}`;
  await writeFile(join(opts.uploadsDir, storageKey), file.data, { flag: 'wx' });
  await ctx.db.insert(storedFiles).values({
    tenantId: opts.tenantId,
    kind: opts.kind,
    originalName: file.name.slice(0, 255),
    mime: kind.mime,
    size: file.data.length,
    storageKey,
    uploadedBy: ctx.actor.userId,
  });
  return { url: `/uploads/${storageKey}`, fields };
}

type UploadedFile = { name: string; data: Buffer; tooBig: boolean };

/** Reads every part; the file stream is drained fully (so the request completes) but kept only up to the limit. */
async function readUpload(
  req: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value.slice(0, 255);
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file) {
        size += chunk.length;
        if (size <= MAX_IMAGE_BYTES) chunks.push(chunk);
      }
      const tooBig = size > MAX_IMAGE_BYTES || part.file.truncated;
      if (part.fieldname === 'file' || !file)
        file = { name: part.filename ?? 'upload', data: Buffer.concat(chunks), tooBig };
    }
  } catch (err) {
    // Past the server-wide multipart cap the parser errors instead of ending the stream: same answer as 2 MB.
    const e = err as { code?: string; statusCode?: number };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413)
      throw badRequest('FILE_TOO_LARGE', '图片大小不能超过 2 MB');
    throw err;
  }
  return { fields, file };
}
