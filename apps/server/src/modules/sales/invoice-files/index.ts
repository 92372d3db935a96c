import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { AppError } from '../../../lib/errors.ts';
import { fileStoreFor } from '../../../lib/file-store.ts';
import { INVOICE_ISSUED_JOB, type InvoiceIssuedPayload, providePdfSource } from '../invoicing/index.ts';
import { loadOrRenderPdf } from './pdf-for-zip.ts';
import { createRenderer, RenderPoolClosedError } from './render-pool.ts';
import { type FilesDeps, renderMissing, setFilesDeps } from './render.ts';
import { registerInvoiceFileRoutes } from './routes.ts';

export { issuedFileBySellerNumber, loadOrRenderFile, loadOrRenderPdf } from './pdf-for-zip.ts';
/** The face's fonts, QR drawing and raw content streams, for other printed documents (code-board posters). */
export { FaceFonts } from './face-fonts.ts';
export { qrOperators } from './qr-draw.ts';
export { appendRawContent } from './native-flate.ts';
/** The face's sign rule (red invoices print negative figures), for every other face: the buyer's page. */
export { signedFen, signedQuantity } from './face.ts';
/** The company's PDF layout options (发票模板) come from delivery/plat-settings through this seam. */
export { type FaceOptions, provideFaceOptions } from './face-options.ts';

/**
 * 版式文件 (issue 4 §4): after an invoice is issued the `invoice.issued` job renders its XML master and PDF
 * face into the file store (DATA_DIR/files, or S3 when configured); authorised users download them.
 * `uploads` is the store the tenants' seal images are in (invoice-setup writes them; S3 when configured, so a
 * seal uploaded through one instance is printed by every other).
 */
export function registerInvoiceFilesModule(app: FastifyInstance, { services, uploads }: ModuleDeps) {
  const renderer = createRenderer(services.config.RENDER_WORKERS, services.config.RENDER_PRIORITY);
  const deps: FilesDeps = { store: fileStoreFor(services.config), uploads, renderer };
  setFilesDeps(services.db, deps);
  // The invoice query's ZIP download reads PDFs through this seam; invoicing never imports this module.
  providePdfSource(loadOrRenderPdf);
  // On shutdown the renders still waiting are skipped rather than awaited: downloads render on demand.
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
    await renderer.close();
  });
  // Inline (RENDER_WORKERS=0): one render at a time, after a turn of the event loop, so a burst of issues
  // queues its faces behind each other and requests keep being answered between two renders (~15 ms each).
  // With workers: as many renders at once as threads, plus one loading its rows, so a burst of jobs does not
  // pile face data (database reads) on the main thread ahead of the threads.
  const slots = renderer.size > 0 ? renderer.size + 1 : 1;
  let running = 0;
  const waiting: (() => void)[] = [];
  const inLane = async (task: () => Promise<unknown>) => {
    // A finished task hands its slot straight to the next waiting one.
    if (running < slots) running++;
    else await new Promise<void>((r) => waiting.push(r));
    try {
      if (renderer.size === 0) await new Promise((r) => setImmediate(r));
      return closing ? undefined : await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
  services.jobs.process<InvoiceIssuedPayload>(INVOICE_ISSUED_JOB, async (p) => {
    try {
      await inLane(() => renderMissing(services.jobsDb, deps, p.tenantId, p.invoiceId));
    } catch (err) {
      // Gone, or not issued after all: nothing to render, and retrying would not change that.
      if (err instanceof AppError && err.httpStatus === 404) return;
      if (err instanceof RenderPoolClosedError) return; // shutting down: downloads render on demand
      throw err;
    }
  });
  registerInvoiceFileRoutes(app, deps);
  // A listening server starts its render threads (each parses the 10 MB font) shortly after start, not on the
  // first invoice (tests use inject and never listen: their threads start on their first render, if any).
  app.addHook('onListen', async () => {
    setTimeout(() => {
      if (!closing) renderer.warm();
    }, 1000).unref();
  });
}
