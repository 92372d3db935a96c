import { createHash } from 'node:crypto';
import { invoiceFiles } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Renderer, RenderOptions } from '../../src/modules/sales/invoice-files/render-pool.ts';
import type { RenderInput } from '../../src/modules/sales/invoice-files/render-step.ts';
import {
  type FilesDeps,
  filesDepsFor,
  renderAndStore,
  storageKeyOf,
} from '../../src/modules/sales/invoice-files/render.ts';
import { bearer, useTestApp } from '../harness.ts';
import { api, invoiceBody } from './invoicing-helpers.ts';

/**
 * Issue 14 §2: an invoice's PDF is downloadable as soon as it is issued, whatever the background renders'
 * backlog: a download renders it at once, and the one file stored first stays the invoice's file.
 */

const app = useTestApp();
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const pdfUrl = (id: number) => `/api/billing/v1/invoices/${id}/files/pdf`;

/**
 * The app's renderer, with the background renders (not urgent) held until `open()` and made to come out
 * different from a download's render — as if the seal had changed in between — so a second file would show.
 */
function heldRenderer(inner: Renderer) {
  let open!: () => void;
  const gate = new Promise<void>((r) => {
    open = r;
  });
  const counts = { urgent: 0, background: 0 };
  /** The formats of each background render asked for. */
  const backgroundFormats: string[][] = [];
  let reached!: () => void;
  /** Resolves when a background render is being held. */
  const held = new Promise<void>((r) => {
    reached = r;
  });
  const renderer: Renderer = {
    size: inner.size,
    warm: () => inner.warm(),
    close: () => inner.close(),
    async render(input: RenderInput, opts: RenderOptions = {}) {
      if (opts.urgent) {
        counts.urgent++;
        return inner.render(input, opts);
      }
      counts.background++;
      backgroundFormats.push([...input.formats]);
      reached();
      await gate;
      const out = await inner.render(input, opts);
      if (out.pdf) out.pdf = Buffer.concat([out.pdf, Buffer.from('%background\n')]);
      return out;
    },
  };
  return { renderer, counts, backgroundFormats, held, open };
}

async function pdfRows(invoiceId: number) {
  return app()
    .services.db.select()
    .from(invoiceFiles)
    .where(and(eq(invoiceFiles.invoiceId, invoiceId), eq(invoiceFiles.format, 'pdf')));
}

describe('PDF on first request (issue 14 §2)', () => {
  it('a PDF asked for right after issue is rendered at once; the background job then keeps that file', async () => {
    const t = app();
    const deps = filesDepsFor(t.services.db);
    const original = deps.renderer;
    const held = heldRenderer(original);
    deps.renderer = held.renderer;
    try {
      const token = await t.login('demo', 'Demo@123');
      const c = api(t, token);
      const created = (await c.create(invoiceBody())).json();
      // Issued, and its background render (PDF and XML) under way but held: the download comes first.
      await held.held;
      expect(held.backgroundFormats).toEqual([['pdf', 'xml', 'ofd']]);
      const inv = (await c.get(created.id)).json();
      expect(inv.status).toBe('issued');
      expect(await pdfRows(inv.id)).toHaveLength(0);

      const first = await t.app.inject({ url: pdfUrl(inv.id), headers: bearer(token) });
      expect(first.statusCode).toBe(200);
      expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(held.counts.urgent).toBe(1);
      const [row] = await pdfRows(inv.id);
      expect(row).toMatchObject({ size: first.rawPayload.length, sha256: sha(first.rawPayload) });

      // The background render completes now, with other bytes: the file stays the one downloaded.
      held.open();
      await c.settled();
      expect(held.counts.background).toBe(1);
      const rows = await pdfRows(inv.id);
      expect(rows).toHaveLength(1);
      expect(rows[0].sha256).toBe(sha(first.rawPayload));
      const stored = await deps.store.get(storageKeyOf(inv.tenantId, inv.id, 'pdf'));
      expect(stored && sha(stored)).toBe(sha(first.rawPayload));
      const again = await t.app.inject({ url: pdfUrl(inv.id), headers: bearer(token) });
      expect(sha(again.rawPayload)).toBe(sha(first.rawPayload));
      // The XML was the background job's to render, and it did.
      const xml = await t.services.db
        .select()
        .from(invoiceFiles)
        .where(and(eq(invoiceFiles.invoiceId, inv.id), eq(invoiceFiles.format, 'xml')));
      expect(xml).toHaveLength(1);
      expect(held.counts.urgent).toBe(1);

      // Two downloads at once of a file not stored: one render, one file.
      await t.services.db.delete(invoiceFiles).where(eq(invoiceFiles.invoiceId, inv.id));
      await deps.store.delete(storageKeyOf(inv.tenantId, inv.id, 'pdf'));
      const both = await Promise.all(
        [0, 1].map(() => t.app.inject({ url: pdfUrl(inv.id), headers: bearer(token) })),
      );
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(held.counts.urgent).toBe(2);
      expect(sha(both[1].rawPayload)).toBe(sha(both[0].rawPayload));
      expect(await pdfRows(inv.id)).toHaveLength(1);
    } finally {
      deps.renderer = original;
    }
  });

  it('another server process rendering the same invoice later finds the stored file and serves it', async () => {
    const t = app();
    const token = await t.login('demo', 'Demo@123');
    const c = api(t, token);
    const created = (await c.create(invoiceBody())).json();
    await c.settled();
    const deps = filesDepsFor(t.services.db);
    const mine = await t.app.inject({ url: pdfUrl(created.id), headers: bearer(token) });
    expect(mine.statusCode).toBe(200);
    const { tenantId } = (await c.get(created.id)).json();
    // A second process: its own renderer (drawing something else) and its own renders in flight; same
    // database and file store.
    const held = heldRenderer(deps.renderer);
    held.open();
    const other: FilesDeps = { store: deps.store, uploads: deps.uploads, renderer: held.renderer };
    const theirs = await renderAndStore(t.services.db, other, tenantId, created.id, ['pdf']);
    expect(held.counts.background).toBe(1);
    expect(sha(theirs.files.pdf!)).toBe(sha(mine.rawPayload));
    const rows = await pdfRows(created.id);
    expect(rows.map((r) => r.sha256)).toEqual([sha(mine.rawPayload)]);
    const stored = await deps.store.get(storageKeyOf(tenantId, created.id, 'pdf'));
    expect(stored && sha(stored)).toBe(sha(mine.rawPayload));
  });
});
