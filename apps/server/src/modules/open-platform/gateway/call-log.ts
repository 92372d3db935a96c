import type { Db } from '@fpy/db';
import { sql } from 'drizzle-orm';

export interface CallLogRow {
  at: Date;
  appId: number | null;
  appKey: string | null;
  tenantId: number | null;
  operation: string | null;
  method: string;
  path: string;
  httpStatus: number;
  code: string;
  latencyMs: number;
  requestId: string;
  ip: string | null;
  authMode: string | null;
}

/**
 * The open-API call log (open_call_logs): rows are buffered in memory and written in batches — every second or
 * at 200 rows — by one statement with one JSON parameter, off the request path; flushed on shutdown. Never the
 * secret, the signature or the body.
 */
export class CallLogWriter {
  private buf: CallLogRow[] = [];
  private timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  /** Rows written so far (tests and the bench read it). */
  written = 0;

  constructor(
    private db: Db,
    private onError: (err: unknown) => void,
    intervalMs = 1000,
    private batch = 200,
  ) {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  push(row: CallLogRow) {
    this.buf.push(row);
    if (this.buf.length >= this.batch) void this.flush();
  }

  flush(): Promise<void> {
    if (!this.buf.length) return this.flushing;
    const rows = this.buf;
    this.buf = [];
    this.flushing = this.flushing
      .then(() => this.db.execute(insertBatch(rows)))
      .then(() => {
        this.written += rows.length;
      }, this.onError);
    return this.flushing;
  }

  async close() {
    clearInterval(this.timer);
    await this.flush();
  }
}

function insertBatch(rows: CallLogRow[]) {
  const json = JSON.stringify(
    rows.map((r) => ({
      at: r.at,
      app_id: r.appId,
      app_key: r.appKey,
      tenant_id: r.tenantId,
      operation: r.operation,
      method: r.method,
      path: r.path,
      http_status: r.httpStatus,
      code: r.code,
      latency_ms: r.latencyMs,
      request_id: r.requestId,
      ip: r.ip,
      auth_mode: r.authMode,
    })),
  );
  return sql`INSERT INTO open_call_logs (at, app_id, app_key, tenant_id, operation, method, path, http_status, code, latency_ms, request_id, ip, auth_mode)
    SELECT at, app_id, app_key, tenant_id, operation, method, path, http_status, code, latency_ms, request_id, ip, auth_mode
    FROM json_to_recordset(${json}::json) AS x(at timestamptz, app_id int, app_key text, tenant_id int, operation text,
      method text, path text, http_status int, code text, latency_ms int, request_id text, ip text, auth_mode text)`;
}
