import { type LoadOrRenderPdf, providedPdfSource } from './pdf-provider.ts';

export type { LoadOrRenderPdf };

/** Where the ZIP download reads PDFs: the source invoice-files provided (see pdf-provider.ts). Tests mock this seam. */
export async function pdfLoader(): Promise<LoadOrRenderPdf> {
  const source = providedPdfSource();
  if (!source) throw new Error('No PDF source registered: the invoice-files module provides it');
  return source;
}
