import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { SEAL_MAX_BYTES, type SealReply } from '@fpy/contracts';
import { type Db, storedFiles, tenants } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuthedCtx } from '../../../http/context.ts';
import { forbidden } from '../../../lib/errors.ts';
import type { FileStore } from '../../../lib/file-store.ts';
import { readUpload } from '../../../lib/upload.ts';
import {
  forgetStoredFile,
  rasterise,
  recordStoredFile,
  setTenantSealKey,
  writtenImageType,
} from '../../platform/base/index.ts';
import { LockClass, lockTenant } from './tenant-lock.ts';
import { withTransaction } from '../../../lib/write/index.ts';

export type SealMime = 'image/png' | 'image/jpeg';
export interface SealImage {
  bytes: Buffer;
  mime: SealMime;
}

/** stored_files.kind of seal images. */
export const SEAL_KIND = 'invoice-seal';

/**
 * A storage key is a flat name in the uploads store (`seal-<uuid>.png|jpg`). A key that is not a plain file name
 * is refused rather than looked up, so a tampered row cannot read outside the store's folder or prefix.
 */
export function isSealKey(key: string | null | undefined): key is string {
  return !!key && basename(key) === key && !key.startsWith('.') && !key.includes('\\');
}

/**
 * The tenant's 发票专用章 for the PDF renderer: the bytes of `tenants.seal_image_key` read from the uploads
 * store (local folder, or the S3 bucket every instance shares), with the type decided from the bytes. Null when
 * the tenant has no seal or its file is gone.
 */
export async function loadSealImage(db: Db, uploads: FileStore, tenantId: number): Promise<SealImage | null> {
  const [t] = await db
    .select({ key: tenants.sealImageKey })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  if (!isSealKey(t?.key)) return null;
  const bytes = await uploads.get(t.key);
  if (!bytes) return null;
  const mime = writtenImageType(bytes);
  return mime ? { bytes, mime } : null;
}

function sealTenant(ctx: AuthedCtx): number {
  if (ctx.actor.tenantId === null) throw forbidden('TENANT_REQUIRED.seal');
  return ctx.actor.tenantId;
}

/** The caller's seal as the settings page shows it. */
export async function currentSeal(ctx: AuthedCtx, uploads: FileStore): Promise<SealReply> {
  if (ctx.actor.tenantId === null) return { seal: null };
  const tenantId = ctx.actor.tenantId;
  const image = await loadSealImage(ctx.db, uploads, tenantId);
  if (!image) return { seal: null };
  const [t] = await ctx.db
    .select({ key: tenants.sealImageKey })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  const [file] = t?.key
    ? await ctx.db.select().from(storedFiles).where(eq(storedFiles.storageKey, t.key)).limit(1)
    : [];
  return {
    seal: {
      mime: image.mime,
      size: image.bytes.length,
      originalName: file?.originalName ?? t?.key ?? '',
      uploadedAt: file?.createdAt.toISOString() ?? null,
      dataUrl: `data:${image.mime};base64,${image.bytes.toString('base64')}`,
    },
  };
}

/** Forgets a replaced or deleted seal's file; a leftover file is harmless, so failures are only logged. */
async function discard(ctx: AuthedCtx, uploads: FileStore, key: string | null) {
  if (!isSealKey(key)) return;
  await uploads.delete(key).catch((err) => ctx.log.warn({ err, key }, 'seal file not removed'));
}

/**
 * Replaces the tenant's seal: PNG or JPEG (decided from the bytes) up to 1 MB, decoded and written again by the
 * product (base/uploads/rasterise.ts) so nothing of the uploaded bytes is kept. The file is written first under
 * a fresh name, then the row switches to it in one transaction; the old file goes after the commit, so a
 * failed request leaves the old seal in place.
 */
export async function uploadSealVerb(ctx: AuthedCtx, req: FastifyRequest, uploads: FileStore) {
  const tenantId = sealTenant(ctx);
  const file = await readUpload(req, SEAL_MAX_BYTES, '印章图片');
  const image = await rasterise(file.data, {
    accept: ['png', 'jpeg'],
    refusal: 'FILE_TYPE_NOT_ALLOWED.seal',
  });

  const key = `seal-${randomUUID()}.${image.ext}`;
  await uploads.put(key, image.data, image.mime);
  let previous: string | null;
  try {
    previous = await withTransaction(ctx, async (tx) => {
      await lockTenant(tx, LockClass.seal, tenantId);
      const [t] = await tx
        .select({ key: tenants.sealImageKey })
        .from(tenants)
        .where(eq(tenants.id, tenantId));
      await recordStoredFile(tx, {
        tenantId,
        kind: SEAL_KIND,
        originalName: file.fileName,
        mime: image.mime,
        size: image.data.length,
        storageKey: key,
        uploadedBy: ctx.actor.userId,
      });
      await setTenantSealKey(tx, tenantId, key);
      if (t?.key) await forgetStoredFile(tx, t.key);
      return t?.key ?? null;
    });
  } catch (err) {
    await discard(ctx, uploads, key);
    throw err;
  }
  await discard(ctx, uploads, previous);
  return currentSeal(ctx, uploads);
}

export async function deleteSealVerb(ctx: AuthedCtx, uploads: FileStore) {
  const tenantId = sealTenant(ctx);
  const previous = await withTransaction(ctx, async (tx) => {
    await lockTenant(tx, LockClass.seal, tenantId);
    const [t] = await tx.select({ key: tenants.sealImageKey }).from(tenants).where(eq(tenants.id, tenantId));
    if (!t?.key) return null;
    await setTenantSealKey(tx, tenantId, null);
    await forgetStoredFile(tx, t.key);
    return t.key;
  });
  await discard(ctx, uploads, previous);
  return { ok: true as const };
}
