import { parentPort } from 'node:worker_threads';
import { invoiceFont } from './font.ts';
import { type RenderInput, renderStep } from './render-step.ts';

/**
 * A render thread of the pool (render-pool.ts): renders one request at a time and posts the bytes back,
 * transferring the PDF's buffer instead of copying it. The font is parsed on this thread's first PDF and kept.
 * Started by render-pool.ts's bootstrap (which registers tsx and lowers the thread's priority).
 */
export interface RenderRequest {
  id: number;
  /** null: warm up (read and parse the font) without rendering. */
  input: RenderInput | null;
}

export type RenderReply =
  | { id: number; ok: true; pdf?: Uint8Array; xml?: string; ofd?: Uint8Array }
  | { id: number; ok: false; message: string; stack?: string };

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread only');

port.on('message', async ({ id, input }: RenderRequest) => {
  try {
    if (!input) {
      invoiceFont();
      port.postMessage({ id, ok: true } satisfies RenderReply);
      return;
    }
    const { pdf, xml, ofd } = await renderStep(input);
    // Transfer only a buffer the view owns entirely; otherwise a copy crosses (never happens with pdf-lib today).
    const owned = pdf && pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
    const reply: RenderReply = { id, ok: true, pdf, xml, ofd };
    port.postMessage(reply, owned ? [pdf.buffer as ArrayBuffer] : []);
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    port.postMessage({ id, ok: false, message: e.message, stack: e.stack } satisfies RenderReply);
  }
});
