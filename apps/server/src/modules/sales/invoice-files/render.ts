import { createHash } from 'node:crypto';
import type { InvoiceFileFormat } from '@fpy/contracts';
import { type Db, invoiceFiles, invoices } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { FileStore } from '../../../lib/file-store.ts';
import { notFound } from '../../../lib/errors.ts';
import { loadSealImage } from '../invoice-setup/index.ts';
import { hasFiles, loadFaceData } from './face-data.ts';
import type { Renderer } from './render-pool.ts';

/** Where an app keeps its files and finds the tenants' seals. */
export interface FilesDeps {
  store: FileStore;
  /** The uploads store the seal images live in; null = print without seal. */
  uploads: FileStore | null;
  /** Worker threads, or inline when RENDER_WORKERS=0. */
  renderer: Renderer;
}

// One entry per app (tests build several apps in one process, each with its own database and folders); callers
// that only hold a ctx with `db` (the ZIP route) find theirs by that database.
const registry = new WeakMap<Db, FilesDeps>();
let latest: FilesDeps | null = null;

export function setFilesDeps(db: Db, deps: FilesDeps) {
  registry.set(db, deps);
  latest = deps;
}

export function filesDepsFor(db: Db): FilesDeps {
  const deps = registry.get(db) ?? latest;
  if (!deps) throw new Error('invoice-files module is not registered');
  return deps;
}

export const MIME: Record<InvoiceFileFormat, string> = {
  pdf: 'application/pdf',
  xml: 'application/xml; charset=utf-8',
};

export const storageKeyOf = (tenantId: number, invoiceId: number, format: InvoiceFileFormat) =>
  `invoices/${tenantId}/${invoiceId}.${format}`;

/**
 * Renders the requested formats from the stored invoice, writes them to the store and records them in
 * invoice_files. Idempotent: the bytes are deterministic, the key fixed and the row an upsert on
 * (invoice_id, format), so a job that runs twice, or races an on-demand render, leaves one row per format.
 */
export async function renderAndStore(
  db: Db,
  deps: FilesDeps,
  tenantId: number,
  invoiceId: number,
  formats: readonly InvoiceFileFormat[] = ['pdf', 'xml'],
): Promise<{ number: string; files: Partial<Record<InvoiceFileFormat, Buffer>> }> {
  // Reads on this thread, the CPU-heavy drawing on the renderer (a worker), writes back on this thread.
  const data = await loadFaceData(db, tenantId, invoiceId);
  const seal =
    formats.includes('pdf') && deps.uploads ? await loadSealImage(db, deps.uploads, tenantId) : null;
  const rendered = await deps.renderer.render({ data, seal, formats });
  const files: Partial<Record<InvoiceFileFormat, Buffer>> = {};
  for (const format of formats) {
    const bytes =
      format === 'xml'
        ? Buffer.from(rendered.xml!, 'utf8')
        : Buffer.from(rendered.pdf!.buffer, rendered.pdf!.byteOffset, rendered.pdf!.byteLength);
    const storageKey = storageKeyOf(tenantId, invoiceId, format);
    await deps.store.put(storageKey, bytes, MIME[format]);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await db
      .insert(invoiceFiles)
      .values({ tenantId, invoiceId, format, storageKey, size: bytes.length, sha256 })
      .onConflictDoUpdate({
        target: [invoiceFiles.invoiceId, invoiceFiles.format],
        set: { storageKey, size: bytes.length, sha256 },
      });
    files[format] = bytes;
  }
  return { number: data.invoice.number, files };
}

/**
 * The stored file, or a fresh render when its row or its bytes are missing (the in-process queue forgets its
 * jobs on restart; a store may lose a file). Refuses invoices without files as not found.
 */
export async function loadOrRender(
  db: Db,
  deps: FilesDeps,
  tenantId: number,
  invoiceId: number,
  format: InvoiceFileFormat,
): Promise<{ number: string; bytes: Buffer }> {
  const [inv] = await db
    .select({ status: invoices.status, number: invoices.number, issuedAt: invoices.issuedAt })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.tenantId, tenantId)))
    .limit(1);
  if (!inv) throw notFound('NOT_FOUND.invoice');
  if (!hasFiles(inv)) throw notFound('INVOICE_FILE_NOT_AVAILABLE');
  const [row] = await db
    .select({ storageKey: invoiceFiles.storageKey })
    .from(invoiceFiles)
    .where(and(eq(invoiceFiles.invoiceId, invoiceId), eq(invoiceFiles.format, format)))
    .limit(1);
  const stored = row ? await deps.store.get(row.storageKey) : null;
  if (stored) return { number: inv.number!, bytes: stored };
  const { number, files } = await renderAndStore(db, deps, tenantId, invoiceId, [format]);
  return { number, bytes: files[format]! };
}
