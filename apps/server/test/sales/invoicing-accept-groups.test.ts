import { describe, expect, it, vi } from 'vitest';
import type { CreateRows } from '../../src/modules/sales/invoicing/create-statement.ts';
import { useTestApp } from '../harness.ts';
import { api, invoiceBody } from './invoicing-helpers.ts';

/**
 * Group sizes of the create statements; `hold` keeps the next statement from starting until released (so the
 * requests behind it are seen queueing); a serial starting BROKEN makes that invoice's row fail in the database.
 */
const groups: number[] = [];
/** Requests that reached the lane (it signs each one on arrival). */
let arrived = 0;
let hold: Promise<void> | null = null;
vi.mock('../../src/modules/sales/invoicing/create-statement.ts', async (importOriginal) => {
  const actual =
    await importOriginal<typeof import('../../src/modules/sales/invoicing/create-statement.ts')>();
  return {
    ...actual,
    signatureOf: (rows: CreateRows) => {
      arrived += 1;
      return actual.signatureOf(rows);
    },
    insertInvoices: async (db: Parameters<typeof actual.insertInvoices>[0], group: CreateRows[]) => {
      groups.push(group.length);
      if (hold) {
        const h = hold;
        hold = null;
        await h;
      }
      for (const rows of group)
        if (rows.header.clientSerial.startsWith('BROKEN'))
          rows.lines[0] = { ...rows.lines[0], lineNo: 'not a number' as unknown as number };
      return actual.insertInvoices(db, group);
    },
  };
});

const app = useTestApp();
const demo = async () => api(app(), await app().login('demo', 'Demo@123'));

/** Fires the requests while the first statement is held, then, once all have arrived, lets everything go. */
async function burst<T>(send: () => Promise<T>[]): Promise<T[]> {
  let release: () => void = () => {};
  hold = new Promise((r) => {
    release = r;
  });
  groups.length = 0;
  arrived = 0;
  const replies = send();
  // Every request has reached the lane (not a guess of how long that takes on a loaded machine).
  await vi.waitFor(() => expect(groups.length).toBe(1), { timeout: 20_000 });
  await vi.waitFor(() => expect(arrived).toBe(replies.length), { timeout: 20_000 });
  release();
  return Promise.all(replies);
}

describe('accepting invoices in groups (create-groups.ts)', () => {
  it('requests arriving together share statements, and each gets its own invoice, lines and events', async () => {
    const c = await demo();
    const bodies = Array.from({ length: 12 }, (_, i) =>
      invoiceBody({
        submit: i % 3 !== 0,
        lines: [{ ...invoiceBody().lines[0], quantity: String(i + 1) }],
        totals: undefined,
      }),
    );
    const replies = await burst(() => bodies.map((b) => c.create(b)));
    expect(replies.map((r) => r.statusCode)).toEqual(bodies.map(() => 201));
    // The first went alone; the others queued behind it and went together.
    expect(groups[0]).toBe(1);
    expect(groups.reduce((a, b) => a + b, 0)).toBe(12);
    expect(groups.length).toBeLessThanOrEqual(3);
    for (const [i, r] of replies.entries()) {
      const inv = r.json();
      expect(inv.clientSerial).toBe(bodies[i].clientSerial);
      expect(inv.amountFen).toBe(10_000 * (i + 1));
      expect(inv.lines).toEqual([expect.objectContaining({ lineNo: 1, amountFen: 10_000 * (i + 1) })]);
      expect(inv.status).toBe(i % 3 === 0 ? 'draft' : 'ready');
      expect(inv.events.map((e: { to: string }) => e.to)).toEqual(
        i % 3 === 0 ? ['draft'] : ['draft', 'ready'],
      );
    }
    expect(new Set(replies.map((r) => r.json().id)).size).toBe(12);
    await c.settled();
  });

  it('an invoice the database refuses fails alone; the rest of its group is accepted', async () => {
    const c = await demo();
    const bodies = Array.from({ length: 6 }, (_, i) =>
      invoiceBody(i === 3 ? { clientSerial: `BROKEN-${Date.now()}` } : {}),
    );
    const replies = await burst(() => bodies.map((b) => c.create(b)));
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201, 500, 201, 201]);
    expect(Math.max(...groups)).toBeGreaterThan(1);
    await c.settled();
    const rows = (await c.list('?limit=500')).json().rows as { clientSerial: string; status: string }[];
    for (const [i, b] of bodies.entries())
      expect(rows.filter((r) => r.clientSerial === b.clientSerial)).toHaveLength(i === 3 ? 0 : 1);
  });
});
