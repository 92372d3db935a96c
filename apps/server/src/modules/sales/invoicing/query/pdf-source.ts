import { loadOrRenderPdf } from '../../invoice-files/pdf-for-zip.ts';

export type LoadOrRenderPdf = typeof loadOrRenderPdf;

/** The layout-file module owns the PDFs (stored, or rendered on first request); tests mock this seam. */
export async function pdfLoader(): Promise<LoadOrRenderPdf> {
  return loadOrRenderPdf;
}
