import { randomUUID } from 'node:crypto';
import { storedFiles } from '@fpy/db';
import type { FastifyRequest } from 'fastify';
import type { AuthedCtx } from '../../../../http/context.ts';
import type { FileStore } from '../../../../lib/file-store.ts';
import { readUpload } from '../../../../lib/upload.ts';
import { rasterise } from './rasterise.ts';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export interface StoredImage {
  url: string;
  /** Text fields sent with the file, in whichever order the client put them. */
  fields: Record<string, string>;
}

/**
 * Reads a multipart upload (one image in field `file`, plus text fields) of at most 2 MB, turns a PNG, JPEG or
 * SVG (judged by its bytes) into a PNG or JPEG the product writes itself, stores that under a random name in
 * the uploads store (the local folder, or `uploads/` of the S3 bucket shared by every instance) and records it
 * in stored_files (type and size of what was written).
 */
export async function storeImage(
  ctx: AuthedCtx,
  req: FastifyRequest,
  opts: { uploads: FileStore; kind: string; tenantId: number | null },
): Promise<StoredImage> {
  const file = await readUpload(req, MAX_IMAGE_BYTES, '图片');
  const image = await rasterise(file.data, {
    accept: ['png', 'jpeg', 'svg'],
    refusal: 'FILE_TYPE_NOT_ALLOWED.image',
  });

  const storageKey = `${randomUUID()}.${image.ext}`;
  await opts.uploads.put(storageKey, image.data, image.mime);
  await ctx.db.insert(storedFiles).values({
    tenantId: opts.tenantId,
    kind: opts.kind,
    originalName: file.fileName,
    mime: image.mime,
    size: image.data.length,
    storageKey,
    uploadedBy: ctx.actor.userId,
  });
  return { url: `/uploads/${storageKey}`, fields: file.fields };
}
