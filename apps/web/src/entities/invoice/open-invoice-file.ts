import { downloadInvoiceFile, type InvoiceFileFormat } from '@fpy/contracts';
import { download, fetchFile, filenameFrom, saveBlob } from '../../lib/http.ts';

type Invoice = { id: number; number: string | null };

/** Saves an invoice's layout file under its invoice number (errors are shown by the shared error display). */
export const saveInvoiceFile = (inv: Invoice, format: InvoiceFileFormat) =>
  download(downloadInvoiceFile, {
    params: { id: inv.id, format },
    filename: `${inv.number ?? inv.id}.${format}`,
  }).catch(() => undefined);

/**
 * Opens an invoice's layout file. The API needs the session's credentials, which a plain link does not carry
 * with the console header, so the file is fetched here: the PDF opens in a new tab through a blob URL, the XML
 * (or a PDF with `download: true`) is saved under its invoice number. The tab is opened before the fetch, while
 * the click still counts as a user gesture (a window opened after an await is blocked as a popup); if the
 * browser blocks it anyway the PDF is downloaded instead. Errors are shown by the shared HTTP error display; the
 * promise rejects with ApiError.
 */
export async function openInvoiceFile(
  id: number,
  format: InvoiceFileFormat,
  opts: { download?: boolean } = {},
): Promise<void> {
  if (format !== 'pdf' || opts.download) return download(downloadInvoiceFile, { params: { id, format } });
  const tab = window.open('', '_blank');
  let res: Response;
  try {
    res = await fetchFile(downloadInvoiceFile, { params: { id, format } });
  } catch (err) {
    tab?.close();
    throw err;
  }
  const blob = new Blob([await res.blob()], { type: 'application/pdf' });
  if (!tab) return saveBlob(blob, filenameFrom(res.headers.get('content-disposition')) ?? `${id}.pdf`);
  const href = URL.createObjectURL(blob);
  tab.location.href = href;
  // The new tab has loaded the document long before this; revoking at once could cut it off.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
