import { downloadInvoiceFile, type InvoiceFileFormat } from '@fpy/contracts';
import { download, fillPath, http } from '../../../../lib/http.ts';

const urlOf = (id: number, format: InvoiceFileFormat) => fillPath(downloadInvoiceFile.path, { id, format });

/**
 * Opens an invoice's layout file. The API needs the bearer token, which a plain link cannot send, so the file
 * is fetched here: the PDF opens in a new tab through a blob URL, the XML (or a PDF with `download: true`) is
 * saved under its invoice number. The tab is opened before the fetch, while the click still counts as a user
 * gesture (a window opened after an await is blocked as a popup); if the browser blocks it anyway the PDF is
 * downloaded instead. Errors are shown by the shared HTTP error display; the promise rejects with ApiError.
 */
export async function openInvoiceFile(
  id: number,
  format: InvoiceFileFormat,
  opts: { download?: boolean } = {},
): Promise<void> {
  const url = urlOf(id, format);
  if (format !== 'pdf' || opts.download) return download(url);
  const tab = window.open('', '_blank');
  let res: Response;
  try {
    res = (await http.get(url, { raw: true })) as Response;
  } catch (err) {
    tab?.close();
    throw err;
  }
  const href = URL.createObjectURL(new Blob([await res.blob()], { type: 'application/pdf' }));
  if (tab) tab.location.href = href;
  else {
    const a = document.createElement('a');
    a.href = href;
    a.download = `${id}.pdf`;
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
    if (name) a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
  }
  // The new tab has loaded the document long before this; revoking at once could cut it off.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
