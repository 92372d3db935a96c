import type { Db } from '@fpy/db';
import type { gateLogs } from '@fpy/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

type Row = typeof gateLogs.$inferInsert;

/**
 * Records every API request (网关日志). Rows are buffered and written in batches off the request path,
 * so logging never adds a database round trip to a request; the buffer is flushed on shutdown.
 */
export class GateLogWriter {
  private buf: Row[] = [];
  private timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private db: Db,
    private onError: (err: unknown) => void,
    intervalMs = 500,
  ) {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  push(row: Row) {
    this.buf.push(row);
    if (this.buf.length >= 100) void this.flush();
  }

  flush(): Promise<void> {
    if (!this.buf.length) return this.flushing;
    const rows = this.buf;
    this.buf = [];
    this.flushing = this.flushing
      .then(() => this.db.execute(insertBatch(rows)))
      .then(() => undefined, this.onError);
    return this.flushing;
  }

  async close() {
    clearInterval(this.timer);
    await this.flush();
  }
}

/**
 * One statement with one JSON parameter per batch: building a 500-row parameter list through the query
 * builder cost more CPU than the requests being logged.
 */
function insertBatch(rows: Row[]) {
  const json = JSON.stringify(
    rows.map((r) => ({
      request_id: r.requestId,
      tenant_id: r.tenantId,
      user_id: r.userId,
      username: r.username,
      method: r.method,
      path: r.path,
      status: r.status,
      duration_ms: r.durationMs,
      ip: r.ip,
      user_agent: r.userAgent,
      created_at: r.createdAt,
    })),
  );
  return sql`INSERT INTO gate_logs (request_id, tenant_id, user_id, username, method, path, status, duration_ms, ip, user_agent, created_at)
    SELECT request_id, tenant_id, user_id, username, method, path, status, duration_ms, ip, user_agent, created_at
    FROM json_to_recordset(${json}::json) AS x(request_id text, tenant_id int, user_id int, username text, method text, path text,
      status int, duration_ms int, ip text, user_agent text, created_at timestamptz)`;
}

export function installGateLog(app: FastifyInstance, writer: GateLogWriter) {
  app.addHook('onResponse', async (req, reply) => {
    const path = req.url.split('?')[0];
    if (!path.startsWith('/api/') && !path.startsWith('/v1/')) return;
    const actor = req.ctx?.actor;
    writer.push({
      requestId: req.id,
      tenantId: actor?.tenantId ?? null,
      userId: actor?.userId ?? null,
      username: actor?.username ?? null,
      method: req.method,
      path: path.slice(0, 500),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime),
      ip: req.ip,
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 255),
      createdAt: new Date(),
    });
  });
}
