import { AsyncLocalStorage } from 'node:async_hooks';
import { type Db, monitorSpans } from '@fpy/db';
import {
  type Attributes,
  ROOT_CONTEXT,
  type Span,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  type ReadableSpan,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { lt, sql } from 'drizzle-orm';

/** The span a piece of work runs under: database statements started inside become its children. */
interface Active {
  span: Span;
  tracer: Tracer;
}
const als = new AsyncLocalStorage<Active>();

/** Spans waiting for the next write; beyond this a burst drops spans rather than memory. */
const BUFFER_MAX = 5000;
const FLUSH_MS = 2000;
/** The table keeps at most about this many spans (the prune task cuts older ones). */
export const SPANS_KEPT = 50_000;

const hrMs = (t: [number, number]) => t[0] * 1000 + t[1] / 1e6;
const hrUs = (t: [number, number]) => Math.round(t[0] * 1e6 + t[1] / 1e3);

type SpanRow = typeof monitorSpans.$inferInsert;

/** Finished spans → monitor_spans in batches, off the request path (a timer, and a last flush at close). */
class TableSpanStore implements SpanProcessor {
  private buffer: SpanRow[] = [];
  private timer: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly instanceId: string,
    private readonly onError: (err: unknown) => void,
  ) {
    this.timer = setInterval(() => void this.forceFlush(), FLUSH_MS);
    this.timer.unref();
  }

  onStart() {}

  onEnd(span: ReadableSpan) {
    if (this.buffer.length >= BUFFER_MAX) return;
    const attrs: Record<string, string | number | boolean> = {};
    for (const [k, v] of Object.entries(span.attributes))
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') attrs[k] = v;
    this.buffer.push({
      traceId: span.spanContext().traceId,
      spanId: span.spanContext().spanId,
      parentSpanId: span.parentSpanContext?.spanId ?? null,
      instanceId: this.instanceId,
      name: span.name.slice(0, 200),
      kind: String(span.attributes['fpy.kind'] ?? 'internal'),
      startedAt: new Date(hrMs(span.startTime)),
      durationUs: hrUs(span.duration),
      error: span.status.code === SpanStatusCode.ERROR,
      attributes: attrs,
    });
  }

  forceFlush(): Promise<void> {
    // One write at a time: a slow database never piles up concurrent inserts.
    this.writing = this.writing.then(async () => {
      if (!this.buffer.length) return;
      const rows = this.buffer;
      this.buffer = [];
      for (let i = 0; i < rows.length; i += 500)
        await this.db
          .insert(monitorSpans)
          .values(rows.slice(i, i + 500))
          .catch(this.onError);
    });
    return this.writing;
  }

  async shutdown() {
    clearInterval(this.timer);
    await this.forceFlush();
  }
}

export interface TracingOptions {
  ratio: number;
  instanceId: string;
  db: Db;
  otlpEndpoint?: string;
  onError: (err: unknown) => void;
}

/**
 * OpenTelemetry tracing of this instance: a TracerProvider of its own (never the process-global one, so two
 * apps in one test process keep their spans apart), head sampling by trace id (TRACE_SAMPLE_RATIO; children
 * follow their root), spans kept in monitor_spans and, with OTEL_EXPORTER_OTLP_ENDPOINT, exported by OTLP/HTTP.
 * Context: our own AsyncLocalStorage (the work's span), so only traced work pays for it.
 */
export class Tracing {
  readonly tracer: Tracer;
  private readonly provider: TracerProvider;
  readonly enabled: boolean;

  constructor(opts: TracingOptions) {
    this.enabled = opts.ratio > 0;
    const processors: SpanProcessor[] = [new TableSpanStore(opts.db, opts.instanceId, opts.onError)];
    if (opts.otlpEndpoint)
      processors.push(
        new BatchSpanProcessor({
          exporter: new OTLPTraceExporter({ url: `${opts.otlpEndpoint.replace(/\/$/, '')}/v1/traces` }),
        }),
      );
    this.provider = new TracerProvider({
      sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(opts.ratio) }),
      spanProcessors: processors,
    });
    this.tracer = this.provider.getTracer('fpy-server');
  }

  /** A root span (a request), or null when not sampled. The caller ends it. */
  startRoot(name: string, attributes: Attributes): Span | null {
    if (!this.enabled) return null;
    const span = this.tracer.startSpan(name, { attributes }, ROOT_CONTEXT);
    if (!span.isRecording()) return null;
    return span;
  }

  /** From here on (this request's async continuation), statements become children of `span`. */
  enter(span: Span) {
    als.enterWith({ span, tracer: this.tracer });
  }

  /** Runs background work under a root span of its own (kind job or task). */
  async run<T>(kind: 'job' | 'task', name: string, work: () => Promise<T>): Promise<T> {
    const span = this.startRoot(`${kind} ${name}`, { 'fpy.kind': kind, 'job.name': name });
    if (!span) return als.exit(work);
    try {
      return await als.run({ span, tracer: this.tracer }, work);
    } catch (err) {
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: err instanceof Error ? err.message : String(err),
      });
      throw err;
    } finally {
      span.end();
    }
  }

  flush() {
    return this.provider.forceFlush();
  }

  shutdown() {
    return this.provider.shutdown();
  }
}

/** A child span of the work running now, or null when it is not traced. */
function childSpan(name: string, attributes: Attributes): Span | null {
  const active = als.getStore();
  if (!active?.span.isRecording()) return null;
  return active.tracer.startSpan(name, { attributes }, trace.setSpan(ROOT_CONTEXT, active.span));
}

const WRAPPED = Symbol.for('fpy.monitor.dbTraced');

/**
 * Statements through the handle's client (node-postgres pool or PGlite) become spans of the work running them
 * when it is traced: the hook drivers offer is their query method, so statements inside a transaction (its own
 * connection) are not seen. Wrapped once per client; untraced work pays one AsyncLocalStorage read.
 */
export function traceStatements(db: Db) {
  const client = (db as unknown as { $client?: Record<string | symbol, unknown> }).$client;
  if (!client || client[WRAPPED] || typeof client.query !== 'function') return;
  const query = client.query as (...args: unknown[]) => Promise<unknown>;
  client[WRAPPED] = true;
  client.query = function tracedQuery(this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '');
    const span = childSpan(`db ${text.split(/\s+/, 1)[0]?.toUpperCase() || 'query'}`, {
      'fpy.kind': 'db',
      'db.statement': text.slice(0, 300),
    });
    const out = query.apply(this, args);
    if (!span || !(out instanceof Promise)) return out;
    return out.then(
      (v) => {
        span.end();
        return v;
      },
      (err) => {
        span.setStatus({ code: SpanStatusCode.ERROR, message: String(err?.message ?? err) });
        span.end();
        throw err;
      },
    );
  };
}

/** Spans past the retention, then beyond the kept count (oldest first). */
export async function pruneSpans(db: Db, retentionMinutes: number, now: Date = new Date()) {
  await db
    .delete(monitorSpans)
    .where(lt(monitorSpans.startedAt, new Date(now.getTime() - retentionMinutes * 60_000)));
  await db.execute(
    sql`DELETE FROM monitor_spans WHERE id <= (SELECT id FROM monitor_spans ORDER BY id DESC OFFSET ${SPANS_KEPT} LIMIT 1)`,
  );
}
