import type { CodingSuggestion } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { aiCodingJobRows, aiCodingJobs, tenantCodingMemory } from '@fpy/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { withTransaction } from '../../../lib/write/index.ts';
import { catalogFor } from '../tax-codes/index.ts';
import { coderFor } from './coder.ts';

const CHUNK = 2500;
/** A job whose runner has been silent this long is taken to have lost its process and is resumed. */
export const STALE_MS = 30_000;

/** Jobs this process is running, so a poll never starts a second runner for the same job. */
const running = new Set<number>();

export const isRunningHere = (jobId: number) => running.has(jobId);

/**
 * In-process background runner for one batch job: codes the rows in chunks, saving suggestions and the
 * progress count after each chunk, so a page reload shows real progress and a restarted server resumes
 * from the first row without suggestions. The job row already names its tenant; the runner reads that
 * tenant's memory directly because there is no request (and no actor) behind it.
 */
export function startJob(db: Db, jobId: number, log: (err: unknown) => void) {
  if (running.has(jobId)) return;
  running.add(jobId);
  void runJob(db, jobId)
    .catch(async (err) => {
      log(err);
      await db
        .update(aiCodingJobs)
        .set({ status: 'failed', error: '任务执行失败，请重新上传' })
        .where(eq(aiCodingJobs.id, jobId))
        .catch(log);
    })
    .finally(() => running.delete(jobId));
}

async function runJob(db: Db, jobId: number) {
  const [job] = await db.select().from(aiCodingJobs).where(eq(aiCodingJobs.id, jobId));
  if (!job || job.status === 'done' || job.status === 'failed') return;
  await db.update(aiCodingJobs).set({ status: 'running' }).where(eq(aiCodingJobs.id, jobId));
  const coder = coderFor(await catalogFor(db));
  const memory = await db
    .select({
      nameKey: tenantCodingMemory.nameKey,
      name: tenantCodingMemory.name,
      code: tenantCodingMemory.code,
    })
    .from(tenantCodingMemory)
    .where(eq(tenantCodingMemory.tenantId, job.tenantId));
  for (;;) {
    const rows = await db
      .select({ id: aiCodingJobRows.id, name: aiCodingJobRows.name })
      .from(aiCodingJobRows)
      .where(and(eq(aiCodingJobRows.jobId, jobId), isNull(aiCodingJobRows.suggestions)))
      .orderBy(asc(aiCodingJobRows.rowNumber))
      .limit(CHUNK);
    if (!rows.length) break;
    const results: { id: number; suggestions: CodingSuggestion[] }[] = rows.map((r) => ({
      id: r.id,
      suggestions: coder.suggest(r.name, memory).suggestions,
    }));
    // Suggestions and the progress count move together, so a poll never sees one without the other.
    // One UPDATE per chunk with the rows as a single JSON parameter: a statement (or a bind parameter)
    // per row made the database, not the coder, the bottleneck.
    const payload = JSON.stringify(results.map((r) => ({ id: r.id, s: r.suggestions })));
    await withTransaction({ db }, async (tx) => {
      await tx.execute(
        sql`UPDATE ai_coding_job_rows AS r SET suggestions = x.s FROM jsonb_to_recordset(${payload}::jsonb) AS x(id int, s jsonb) WHERE r.id = x.id`,
      );
      await tx
        .update(aiCodingJobs)
        .set({ processed: sql`${aiCodingJobs.processed} + ${results.length}` })
        .where(eq(aiCodingJobs.id, jobId));
    });
    // Let requests in between chunks: the runner shares the event loop with the API.
    await new Promise((r) => setImmediate(r));
  }
  await db
    .update(aiCodingJobs)
    .set({ status: 'done', processed: job.total })
    .where(eq(aiCodingJobs.id, jobId));
}
