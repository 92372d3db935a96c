import { invoiceBatches, invoices, users } from '@fpy/db';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BatchPayload } from '../../src/modules/sales/invoice-batch/types.ts';
import { createDraft } from '../../src/modules/sales/invoicing/verbs/create-draft.ts';
import { createTestApp } from '../harness.ts';
import { batchApi, line, waitBatchDone } from './invoice-batch-helpers.ts';

const GROUPS = 30;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Issue 4 §5: stop the server in the middle of a batch (no drain: queued jobs are lost, as in a crash of the
 * in-process queue) and start another one on the same database. The batch must finish with exactly one invoice
 * per 单据号 and the bureau's numbers must stay gap-free.
 */
describe('批量开具 — crash safety', () => {
  it('a restarted server finishes a half-done batch with no duplicate and no lost invoice', async () => {
    const first = await createTestApp();
    let second: Awaited<ReturnType<typeof createTestApp>> | undefined;
    try {
      const db = first.services.db;
      const c1 = batchApi(first, await first.login('demo', 'Demo@123'));
      const rows = Array.from({ length: GROUPS }, (_, i) => line(`R${i + 1}`, { 数量: String(i + 1) }));
      // Two lines on one invoice too: the group, not the row, is the unit of work.
      rows.push(line('R1', { 商品名称: '*信息技术服务*软件开发', 数量: '1', 单价: '50' }));
      const up = (await c1.upload(rows, 'crash.xlsx')).json();
      expect(up.invoiceCount).toBe(GROUPS);
      expect((await c1.issue(up.id)).statusCode).toBe(200);

      const made = async () =>
        (await db.select({ n: count() }).from(invoices).where(eq(invoices.batchId, up.id)))[0].n;
      for (let i = 0; i < 2000 && (await made()) < 5; i++) await sleep(5);
      await first.close();
      const before = await made();
      expect(before, 'the first server stopped in the middle of the batch').toBeGreaterThanOrEqual(5);
      expect(before, 'the first server stopped in the middle of the batch').toBeLessThan(GROUPS);

      // A crash between createDraft and the batch link: a draft with the batch serial but no batch id yet.
      const [batch] = await db.select().from(invoiceBatches).where(eq(invoiceBatches.id, up.id));
      const linked = new Set(
        (await db.select({ row: invoices.batchRow }).from(invoices).where(eq(invoices.batchId, up.id))).map(
          (r) => r.row,
        ),
      );
      const orphan = (batch.payload as BatchPayload).invoices.find((i) => !linked.has(i.groupNo))!;
      const [demoUser] = await db.select().from(users).where(eq(users.username, 'demo'));
      await createDraft({
        ctx: {
          db,
          jobs: first.services.jobs,
          ip: null,
          actor: { userId: demoUser.id, name: demoUser.name, tenantId: demoUser.tenantId, platform: false },
        },
        input: { ...orphan.body, clientSerial: `batch-${up.id}-${orphan.groupNo}` },
      });

      second = await createTestApp({}, { dbHandle: first.dbHandle });
      const c2 = batchApi(second, await second.login('demo', 'Demo@123'));
      const done = await waitBatchDone(c2, up.id);
      expect(done.progress).toMatchObject({
        total: GROUPS,
        issued: GROUPS,
        failed: 0,
        notCreated: 0,
        inFlight: 0,
      });

      const all = await db.select().from(invoices).where(eq(invoices.tenantId, demoUser.tenantId!));
      const ofBatch = all.filter((i) => i.clientSerial.startsWith(`batch-${up.id}-`));
      expect(ofBatch).toHaveLength(GROUPS);
      expect(new Set(ofBatch.map((i) => i.clientSerial)).size).toBe(GROUPS);
      expect(new Set(ofBatch.map((i) => i.batchRow)).size).toBe(GROUPS);
      expect(ofBatch.every((i) => i.batchId === up.id && i.status === 'issued')).toBe(true);
      expect(ofBatch.find((i) => i.batchRow === orphan.groupNo)).toBeDefined();

      // Gap-free: the seller's numbers of this year form one unbroken sequence.
      const numbers = (
        await db
          .select({ number: invoices.number })
          .from(invoices)
          .where(and(eq(invoices.tenantId, demoUser.tenantId!), isNotNull(invoices.number)))
      )
        .map((r) => r.number!)
        .sort();
      expect(new Set(numbers).size).toBe(numbers.length);
      const seq = numbers.map((n) => Number(n.slice(5)));
      expect(seq.at(-1)! - seq[0] + 1).toBe(seq.length);
    } finally {
      if (second) await second.close();
      else await first.close().catch(() => undefined);
      await first.dropDatabase();
    }
  }, 120_000);
});
