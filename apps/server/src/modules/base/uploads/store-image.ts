import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { storedFiles } from '@fpy/db';
import type { FastifyRequest } from 'fastify';
import type { AuthedCtx } from '../../../http/context.ts';
import { badRequest } from '../../../lib/errors.ts';
import { readUpload } from '../../../lib/upload.ts';
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
  const file = await readUpload(req, MAX_IMAGE_BYTES, '图片');
  const kind = sniffImage(file.data);
  if ('problem' in kind) throw badRequest('FILE_TYPE_NOT_ALLOWED', kind.problem);

  const storageKey = `${randomUUID()}.${kind.ext}`;
  await writeFile(join(opts.uploadsDir, storageKey), file.data, { flag: 'wx' });
  await ctx.db.insert(storedFiles).values({
    tenantId: opts.tenantId,
    kind: opts.kind,
    originalName: file.fileName,
    mime: kind.mime,
    size: file.data.length,
    storageKey,
    uploadedBy: ctx.actor.userId,
  });
  return { url: `/uploads/${storageKey}`, fields: file.fields };
}
