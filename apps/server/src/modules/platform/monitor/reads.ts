import type { QueryOf, listSamples, listTraces } from '@fpy/contracts';
import { type Db, monitorInstances, monitorSamples, monitorSpans } from '@fpy/db';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';

const MB = 1024 * 1024;
const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;

/** Every instance's samples in the window (the charts draw one series per instance). */
export async function readSamples(
  db: Db,
  q: QueryOf<typeof listSamples>,
  dropSeconds: number,
  now = new Date(),
) {
  const since = new Date(now.getTime() - q.minutes * 60_000);
  const rows = await db
    .select()
    .from(monitorSamples)
    .where(
      and(
        gte(monitorSamples.at, since),
        q.instanceId ? eq(monitorSamples.instanceId, q.instanceId) : undefined,
      ),
    )
    .orderBy(asc(monitorSamples.at))
    .limit(20_000);
  const ids = [...new Set(rows.map((r) => r.instanceId))];
  const known = ids.length
    ? await db.select().from(monitorInstances).where(inArray(monitorInstances.id, ids))
    : [];
  const aliveSince = now.getTime() - dropSeconds * 1000;
  return {
    instances: known.map((i) => ({
      id: i.id,
      host: i.host,
      pid: i.pid,
      alive: !i.stoppedAt && i.lastHeartbeat.getTime() > aliveSince,
    })),
    rows: rows.map((r) => ({
      instanceId: r.instanceId,
      at: r.at.toISOString(),
      rps: round(r.requests / r.intervalSeconds),
      errorRate: r.requests ? round(r.errors / r.requests, 4) : 0,
      latencyP50Ms: r.latencyP50Ms === null ? null : round(r.latencyP50Ms),
      latencyP95Ms: r.latencyP95Ms === null ? null : round(r.latencyP95Ms),
      eventLoopLagMs: r.eventLoopLagMs === null ? null : round(r.eventLoopLagMs),
      rssMb: round(r.rssBytes / MB, 1),
      heapUsedMb: round(r.heapUsedBytes / MB, 1),
      queueDepth: r.queueDepth,
      dbPoolTotal: r.dbPoolTotal,
      dbPoolIdle: r.dbPoolIdle,
      dbPoolWaiting: r.dbPoolWaiting,
    })),
  };
}

/** Root spans of the window (one row per trace), newest first, with the trace's span count and error flag. */
export async function readTraces(db: Db, q: QueryOf<typeof listTraces>, now = new Date()) {
  const since = new Date(now.getTime() - q.minutes * 60_000);
  const where = and(
    sql`${monitorSpans.parentSpanId} IS NULL`,
    gte(monitorSpans.startedAt, since),
    q.kind ? eq(monitorSpans.kind, q.kind) : undefined,
    q.q ? sql`strpos(lower(${monitorSpans.name}), lower(${q.q})) > 0` : undefined,
    q.minDurationMs !== undefined
      ? gte(monitorSpans.durationUs, Math.round(q.minDurationMs * 1000))
      : undefined,
    q.errorOnly === 'true'
      ? sql`EXISTS (SELECT 1 FROM monitor_spans e WHERE e.trace_id = monitor_spans.trace_id AND e.error)`
      : undefined,
  );
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(monitorSpans).where(where);
  const rows = await db
    .select({
      traceId: monitorSpans.traceId,
      name: monitorSpans.name,
      kind: monitorSpans.kind,
      instanceId: monitorSpans.instanceId,
      startedAt: monitorSpans.startedAt,
      durationUs: monitorSpans.durationUs,
      spans: sql<number>`(SELECT count(*)::int FROM monitor_spans c WHERE c.trace_id = monitor_spans.trace_id)`,
      error: sql<boolean>`EXISTS (SELECT 1 FROM monitor_spans e WHERE e.trace_id = monitor_spans.trace_id AND e.error)`,
    })
    .from(monitorSpans)
    .where(where)
    .orderBy(sql`${monitorSpans.startedAt} DESC`)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    total,
    rows: rows.map((r) => ({
      traceId: r.traceId,
      name: r.name,
      kind: r.kind,
      instanceId: r.instanceId,
      startedAt: r.startedAt.toISOString(),
      durationMs: round(r.durationUs / 1000, 3),
      spans: r.spans,
      error: r.error,
    })),
  };
}

export async function readTrace(db: Db, traceId: string) {
  const spans = await db
    .select()
    .from(monitorSpans)
    .where(eq(monitorSpans.traceId, traceId))
    .orderBy(asc(monitorSpans.startedAt))
    .limit(2000);
  if (!spans.length) return null;
  const t0 = spans[0].startedAt.getTime();
  return {
    traceId,
    spans: spans.map((s) => ({
      spanId: s.spanId,
      parentSpanId: s.parentSpanId,
      name: s.name,
      kind: s.kind,
      instanceId: s.instanceId,
      startedAt: s.startedAt.toISOString(),
      offsetMs: s.startedAt.getTime() - t0,
      durationMs: round(s.durationUs / 1000, 3),
      error: s.error,
      attributes: s.attributes ?? {},
    })),
  };
}
