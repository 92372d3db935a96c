/** Spec §9: the hidden frame is removed 100 ms after printing so repeated prints do not pile up frames. */
const REMOVE_AFTER_MS = 100;

export function printHtml(html: string): Promise<void> {
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    Object.assign(frame.style, {
      position: 'fixed',
      right: '0',
      bottom: '0',
      width: '0',
      height: '0',
      border: '0',
    });
    frame.onload = () => {
      const win = frame.contentWindow;
      win?.focus();
      win?.print();
      // print() blocks until the dialog closes in most browsers, so removal happens after printing.
      setTimeout(() => {
        frame.remove();
        resolve();
      }, REMOVE_AFTER_MS);
    };
    frame.srcdoc = html;
    document.body.appendChild(frame);
  });
}
