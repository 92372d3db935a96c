import { createHash } from 'node:crypto';
import type { InvoiceFileFormat } from '@fpy/contracts';
import { type Db, invoiceFiles, invoices } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { FileStore } from '../../../lib/file-store.ts';
import { notFound } from '../../../lib/errors.ts';
import { loadSealImage } from '../invoice-setup/index.ts';
import { hasFiles, loadFaceData } from './face-data.ts';
import { faceOptionsFor } from './face-options.ts';
import type { Renderer } from './render-pool.ts';
import { withTransaction } from '../../../lib/write/index.ts';

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
  ofd: 'application/ofd',
};

export const storageKeyOf = (tenantId: number, invoiceId: number, format: InvoiceFileFormat) =>
  `invoices/${tenantId}/${invoiceId}.${format}`;

const FORMATS: readonly InvoiceFileFormat[] = ['pdf', 'xml', 'ofd'];

type Rendered = { number: string; bytes: Buffer };

/**
 * Renders under way in this process, per app (tests build several), invoice and format. A background render
 * joins whatever is under way; a download joins only another download's render — it never waits behind a
 * background render (queued behind others, or a burst of issues), it renders at once, ahead of them.
 */
const inFlight = new WeakMap<FilesDeps, Map<string, { urgent: boolean; done: Promise<Rendered> }>>();

function flightsOf(deps: FilesDeps) {
  let m = inFlight.get(deps);
  if (!m) {
    m = new Map();
    inFlight.set(deps, m);
  }
  return m;
}

/**
 * The requested formats of an issued invoice, rendered now (or joined with a render under way in this
 * process) and kept: the first file stored for an invoice and format is its file for good. Another render —
 * the background job after a download, a second server process, a job that runs twice — finds the row and
 * returns the stored bytes instead of its own, so a buyer who downloaded early and one who downloads later
 * get the same file, even if something that goes on the face (the seal) changed in between.
 */
export async function renderAndStore(
  db: Db,
  deps: FilesDeps,
  tenantId: number,
  invoiceId: number,
  formats: readonly InvoiceFileFormat[] = FORMATS,
  opts: { urgent?: boolean } = {},
): Promise<{ number: string; files: Partial<Record<InvoiceFileFormat, Buffer>> }> {
  const urgent = opts.urgent ?? false;
  const flights = flightsOf(deps);
  const keyOf = (f: InvoiceFileFormat) => `${invoiceId}.${f}`;
  const mine = formats.filter((f) => {
    const running = flights.get(keyOf(f));
    return !running || (urgent && !running.urgent);
  });
  if (mine.length > 0) {
    const render = renderFormats(db, deps, tenantId, invoiceId, mine, urgent);
    for (const f of mine) {
      const key = keyOf(f);
      const done = render.then((r) => ({ number: r.number, bytes: r.files[f]! }));
      const flight = { urgent, done };
      flights.set(key, flight);
      // Forgotten once settled: later calls read the store (or, after a failure, render again).
      const forget = () => {
        if (flights.get(key) === flight) flights.delete(key);
      };
      done.then(forget, forget);
    }
  }
  // Taken in the same turn as registered above, so a settled render cannot have been forgotten yet.
  const waits = formats.map((f) => flights.get(keyOf(f))!.done);
  const results = await Promise.all(waits);
  const files: Partial<Record<InvoiceFileFormat, Buffer>> = {};
  formats.forEach((f, i) => {
    files[f] = results[i].bytes;
  });
  return { number: results[0].number, files };
}

/** The background job: renders the formats that have no file yet (a download may have rendered one first). */
export async function renderMissing(db: Db, deps: FilesDeps, tenantId: number, invoiceId: number) {
  const stored = await db
    .select({ format: invoiceFiles.format })
    .from(invoiceFiles)
    .where(eq(invoiceFiles.invoiceId, invoiceId));
  const missing = FORMATS.filter((f) => !stored.some((r) => r.format === f));
  if (missing.length > 0) await renderAndStore(db, deps, tenantId, invoiceId, missing);
}

async function renderFormats(
  db: Db,
  deps: FilesDeps,
  tenantId: number,
  invoiceId: number,
  formats: readonly InvoiceFileFormat[],
  urgent: boolean,
) {
  // Reads on this thread, the CPU-heavy drawing on the renderer (a worker), writes back on this thread.
  const data = await loadFaceData(db, tenantId, invoiceId);
  // The company's 发票模板 options (face-options.ts): whether to stamp the seal, what the remarks print.
  const face = formats.includes('pdf') ? await faceOptionsFor(db, tenantId) : undefined;
  const seal = face?.stampSeal && deps.uploads ? await loadSealImage(db, deps.uploads, tenantId) : null;
  const rendered = await deps.renderer.render({ data, seal, formats, face }, { urgent });
  const files: Partial<Record<InvoiceFileFormat, Buffer>> = {};
  for (const format of formats) {
    const bin = format === 'ofd' ? rendered.ofd! : rendered.pdf!;
    const bytes =
      format === 'xml'
        ? Buffer.from(rendered.xml!, 'utf8')
        : Buffer.from(bin.buffer, bin.byteOffset, bin.byteLength);
    files[format] = await keepFile(db, deps, tenantId, invoiceId, format, bytes);
  }
  return { number: data.invoice.number, files };
}

/**
 * Stores `bytes` as the invoice's file unless it already has one; returns the file that is kept. The row is
 * inserted first, in the transaction that writes the bytes: a concurrent writer (another process) waits on
 * the unique (invoice_id, format) index until this commits, then finds the row. Readers see the row only
 * once the bytes are in the store. A row whose bytes the store lost is written again.
 */
async function keepFile(
  db: Db,
  deps: FilesDeps,
  tenantId: number,
  invoiceId: number,
  format: InvoiceFileFormat,
  bytes: Buffer,
): Promise<Buffer> {
  const storageKey = storageKeyOf(tenantId, invoiceId, format);
  const file = { storageKey, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  return withTransaction({ db }, async (tx) => {
    const [won] = await tx
      .insert(invoiceFiles)
      .values({ tenantId, invoiceId, format, ...file })
      .onConflictDoNothing({ target: [invoiceFiles.invoiceId, invoiceFiles.format] })
      .returning({ id: invoiceFiles.id });
    if (!won) {
      const [row] = await tx
        .select({ id: invoiceFiles.id, storageKey: invoiceFiles.storageKey })
        .from(invoiceFiles)
        .where(and(eq(invoiceFiles.invoiceId, invoiceId), eq(invoiceFiles.format, format)))
        .for('update');
      const stored = await deps.store.get(row.storageKey);
      if (stored) return stored;
      await tx.update(invoiceFiles).set(file).where(eq(invoiceFiles.id, row.id));
    }
    await deps.store.put(storageKey, bytes, MIME[format]);
    return bytes;
  });
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
  // Not rendered yet (the background job is behind, or forgot it on a restart): now, ahead of the background.
  const { number, files } = await renderAndStore(db, deps, tenantId, invoiceId, [format], { urgent: true });
  return { number, bytes: files[format]! };
}
