import type { Db } from '@fpy/db';

/** The PDF of one issued invoice of `tenantId` (stored, or rendered now). */
export type LoadOrRenderPdf = (ctx: { db: Db }, tenantId: number, invoiceId: number) => Promise<Buffer>;

let provided: LoadOrRenderPdf | null = null;

/**
 * The layout-file module owns the PDFs and provides them from its register(); invoicing never imports it
 * (the dependency runs one way: invoice-files listens to invoicing's events).
 */
export function providePdfSource(load: LoadOrRenderPdf) {
  provided = load;
}

export function providedPdfSource(): LoadOrRenderPdf | null {
  return provided;
}
