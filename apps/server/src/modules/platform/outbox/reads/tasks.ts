import type { JobAttempt, JobDetail, JobRow, JobState, JobSummary, listJobs, QueryOf } from '@fpy/contracts';
import { type Db, outboxAttempts, outboxTasks, tenants } from '@fpy/db';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { dayRange } from '../../../../data/day-range.ts';
import { likePattern, offsetOf, orderBy } from '../../../../data/paging.ts';

/**
 * The operator's reads of the outbox (任务管理): every company's tasks (the routes are platform-only), the
 * company's name joined from tenants for the table.
 */
const columns = {
  id: outboxTasks.id,
  kind: outboxTasks.kind,
  ref: outboxTasks.ref,
  tenantId: outboxTasks.tenantId,
  tenantName: tenants.name,
  state: outboxTasks.state,
  attempts: outboxTasks.attempts,
  nextAt: outboxTasks.nextAt,
  leaseUntil: outboxTasks.leaseUntil,
  lastCode: outboxTasks.lastCode,
  lastError: outboxTasks.lastError,
  since: outboxTasks.since,
  createdAt: outboxTasks.createdAt,
  updatedAt: outboxTasks.updatedAt,
  finishedAt: outboxTasks.finishedAt,
};
const selectTasks = (db: Db) =>
  db.select(columns).from(outboxTasks).leftJoin(tenants, eq(tenants.id, outboxTasks.tenantId));
type Selected = Awaited<ReturnType<typeof selectTasks>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const toJobRow = (r: Selected): JobRow => ({
  ...r,
  state: r.state as JobState,
  tenantName: r.tenantName ?? null,
  nextAt: r.nextAt.toISOString(),
  leaseUntil: iso(r.leaseUntil),
  since: r.since.toISOString(),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  finishedAt: iso(r.finishedAt),
});

type ParsedQuery = QueryOf<typeof listJobs>;

export async function listTasks(db: Db, q: ParsedQuery): Promise<{ rows: JobRow[]; total: number }> {
  const text = q.q ? likePattern(q.q) : null;
  const where = and(
    q.state ? eq(outboxTasks.state, q.state) : undefined,
    q.kind ? eq(outboxTasks.kind, q.kind) : undefined,
    q.tenantId ? eq(outboxTasks.tenantId, q.tenantId) : undefined,
    text ? or(ilike(outboxTasks.ref, text), ilike(outboxTasks.lastError, text)) : undefined,
    dayRange(outboxTasks.createdAt, q.dateFrom, q.dateTo),
  );
  const sort: SQL = orderBy(
    q.sort,
    {
      id: outboxTasks.id,
      createdAt: outboxTasks.createdAt,
      updatedAt: outboxTasks.updatedAt,
      nextAt: outboxTasks.nextAt,
      attempts: outboxTasks.attempts,
    },
    desc(outboxTasks.id),
  );
  const [rows, [{ total }]] = await Promise.all([
    selectTasks(db).where(where).orderBy(sort, desc(outboxTasks.id)).limit(q.limit).offset(offsetOf(q)),
    db.select({ total: count() }).from(outboxTasks).where(where),
  ]);
  return { rows: rows.map(toJobRow), total };
}

export async function taskRow(db: Db, id: number): Promise<JobRow | null> {
  const [row] = await selectTasks(db).where(eq(outboxTasks.id, id));
  return row ? toJobRow(row) : null;
}

/** The attempt log, oldest first; at most the last 500 lines of a task that kept failing. */
const ATTEMPT_LOG_MAX = 500;

export async function taskDetail(db: Db, id: number): Promise<JobDetail | null> {
  const row = await taskRow(db, id);
  if (!row) return null;
  const lines = await db
    .select({
      id: outboxAttempts.id,
      n: outboxAttempts.n,
      outcome: outboxAttempts.outcome,
      code: outboxAttempts.code,
      message: outboxAttempts.message,
      startedAt: outboxAttempts.startedAt,
      endedAt: outboxAttempts.endedAt,
    })
    .from(outboxAttempts)
    .where(eq(outboxAttempts.taskId, id))
    .orderBy(desc(outboxAttempts.id))
    .limit(ATTEMPT_LOG_MAX);
  const attemptLog: JobAttempt[] = lines.reverse().map((a) => ({
    ...a,
    outcome: a.outcome as JobAttempt['outcome'],
    startedAt: a.startedAt.toISOString(),
    endedAt: iso(a.endedAt),
  }));
  return { ...row, attemptLog };
}

/** Tasks per kind and state, for the page's header. */
export async function taskSummary(db: Db): Promise<JobSummary> {
  const rows = await db
    .select({ kind: outboxTasks.kind, state: outboxTasks.state, count: count() })
    .from(outboxTasks)
    .groupBy(outboxTasks.kind, outboxTasks.state)
    .orderBy(asc(outboxTasks.kind), asc(outboxTasks.state));
  return { rows: rows.map((r) => ({ ...r, state: r.state as JobState, count: Number(r.count) })) };
}
