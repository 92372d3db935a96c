import type { InvoiceFileFormat } from '@fpy/contracts';
import type { FaceData } from './face.ts';
import { type FaceOptions, pdfFaceData } from './face-options.ts';
import { buildInvoiceOfd } from './ofd.ts';
import { renderInvoicePdf, type SealInput } from './pdf.ts';
import { buildInvoiceXml } from './xml.ts';

/** Everything one render needs, as plain data: it crosses to a worker thread by structured clone. */
export interface RenderInput {
  data: FaceData;
  seal: SealInput | null;
  formats: readonly InvoiceFileFormat[];
  /** The company's layout options (face-options.ts); the defaults when absent. */
  face?: FaceOptions;
}

export interface RenderOutput {
  pdf?: Uint8Array;
  xml?: string;
  ofd?: Uint8Array;
}

/** The pure part of a render (no database, no store): face data in, bytes out. Same code inline or in a worker. */
export async function renderStep({ data, seal, formats, face }: RenderInput): Promise<RenderOutput> {
  const out: RenderOutput = {};
  if (formats.includes('xml')) out.xml = buildInvoiceXml(data);
  if (formats.includes('ofd')) out.ofd = buildInvoiceOfd(data);
  if (formats.includes('pdf')) out.pdf = await renderInvoicePdf(pdfFaceData(data, face), seal);
  return out;
}
