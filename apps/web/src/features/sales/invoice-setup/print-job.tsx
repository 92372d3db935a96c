import type { InvoiceDetail } from '@fpy/contracts';
import { useEffect, useRef } from 'react';
import { printHtml } from '../../../lib/print.ts';
import { InvoiceFace } from '../../../entities/invoice/face/invoice-face.tsx';
import { printDocument } from './print-document.ts';

export interface PrintJob {
  title: string;
  invoices: InvoiceDetail[];
  /** mm, from the chosen printer's saved offsets. */
  offset: { x: number; y: number };
}

/**
 * Renders the faces of a job off screen, hands their markup (inline-styled) to the hidden print frame, one
 * sheet per invoice, and reports when the frame is gone (100 ms after printing, lib/print.ts).
 */
export function PrintJobRunner({ job, onDone }: { job: PrintJob | null; onDone: () => void }) {
  const source = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!job || !source.current) return;
    const sheets = Array.from(source.current.children, (el) => el.innerHTML);
    void printHtml(printDocument(job.title, sheets)).finally(onDone);
  }, [job, onDone]);
  if (!job) return null;
  return (
    <div ref={source} aria-hidden style={{ position: 'fixed', left: -100_000, top: 0, width: '210mm' }}>
      {job.invoices.map((inv) => (
        <div key={inv.id}>
          <InvoiceFace invoice={inv} offset={job.offset} />
        </div>
      ))}
    </div>
  );
}
