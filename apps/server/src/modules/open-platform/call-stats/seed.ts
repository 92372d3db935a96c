import { openContracts } from '@fpy/contracts';
import { type Db, openApps, openCallLogs } from '@fpy/db';
import { inArray, sql } from 'drizzle-orm';

/** Calls a demo week holds: a working day's rhythm, a quiet weekend, a few refusals, a burst of 429s. */
const DEMO_DAYS = 7;
const CALLS_PER_WEEKDAY = 900;

/** A small deterministic generator: the same week on every fresh start. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const REFUSALS: [string, number, number][] = [
  // code, http status, weight
  ['BAD_SIGNATURE', 401, 3],
  ['STALE_TIMESTAMP', 401, 2],
  ['REPLAYED_NONCE', 401, 1],
  ['IP_NOT_ALLOWED', 403, 1],
  ['LICENSE_EXPIRED', 403, 1],
  ['INVALID_PARAMETER', 400, 4],
  ['BUSINESS_ERROR', 409, 2],
  ['INTERNAL_ERROR', 500, 1],
];

/**
 * A week of open-API calls for the demo apps (issue 32 §5), written once on a fresh start when the log is empty:
 * thousands of rows over the open operations, mostly OK, with refusals and a 429 burst, so the statistics,
 * the log, the API list and the gateway view show real data. Skipped under Vitest (tests write their own rows)
 * and when the demo apps are absent.
 */
export async function seedDemoCalls(db: Db, demoKeys: { own: string; isv: string }, now = new Date()) {
  if (process.env.VITEST) return;
  await db.transaction(async (tx) => {
    // Two instances starting together: one seeds, the other finds rows.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7381460366497672999)`);
    const [{ any }] = (await tx.execute(sql`SELECT EXISTS (SELECT 1 FROM open_call_logs) AS any`)).rows as {
      any: boolean;
    }[];
    if (any) return;
    const apps = await tx
      .select({ id: openApps.id, appKey: openApps.appKey, tenantId: openApps.tenantId })
      .from(openApps)
      .where(inArray(openApps.appKey, [demoKeys.own, demoKeys.isv]));
    const own = apps.find((a) => a.appKey === demoKeys.own);
    const isv = apps.find((a) => a.appKey === demoKeys.isv);
    if (!own?.tenantId) return;
    const ops = openContracts().map((c) => ({
      operation: c.open.operation,
      method: c.method,
      path: (c.open.path ?? c.path.replace(/^\/api\//, '/openapi/v1/')).replace(/\{\w+\}/g, '1024'),
      // Reads are called far more often than writes.
      weight: c.method === 'GET' ? 4 : c.open.operation.includes('issue') ? 3 : 1,
    }));
    const totalWeight = ops.reduce((n, o) => n + o.weight, 0);
    const pick = (r: number) => {
      let x = r * totalWeight;
      for (const o of ops) {
        x -= o.weight;
        if (x < 0) return o;
      }
      return ops[0];
    };
    const rand = rng(32);
    const rows: (typeof openCallLogs.$inferInsert)[] = [];
    const dayMs = 86_400_000;
    for (let d = DEMO_DAYS - 1; d >= 0; d--) {
      const dayStart = Math.floor((now.getTime() + 8 * 3600_000) / dayMs) * dayMs - 8 * 3600_000 - d * dayMs;
      const weekday = new Date(dayStart + 8 * 3600_000).getUTCDay();
      const n = Math.round(
        CALLS_PER_WEEKDAY * (weekday === 0 || weekday === 6 ? 0.25 : 1) * (0.8 + rand() * 0.4),
      );
      for (let i = 0; i < n; i++) {
        // Office hours dominate: 08:00–20:00 Beijing time for most calls.
        const hour = rand() < 0.85 ? 8 + rand() * 12 : rand() * 24;
        const at = new Date(dayStart + hour * 3600_000);
        if (at > now) continue;
        const app = isv && rand() < 0.35 ? isv : own;
        const op = pick(rand());
        let code = 'OK';
        let status = 200;
        const r = rand();
        if (d === 2 && hour >= 10 && hour < 10.5 && rand() < 0.6) {
          code = 'RATE_LIMITED';
          status = 429;
        } else if (r < 0.04) {
          const w = REFUSALS.reduce((s, x) => s + x[2], 0);
          let x = rand() * w;
          let hit = REFUSALS[0];
          for (const f of REFUSALS) {
            x -= f[2];
            if (x < 0) {
              hit = f;
              break;
            }
          }
          [code, status] = [hit[0], hit[1]];
        } else if (r < 0.05) {
          code = 'RATE_LIMITED';
          status = 429;
        }
        const base = op.method === 'GET' ? 18 : 65;
        rows.push({
          at,
          appId: app.id,
          appKey: app.appKey,
          tenantId: own.tenantId,
          operation: op.operation,
          method: op.method,
          path: op.path,
          httpStatus: status,
          code,
          latencyMs:
            status === 429 || status === 401
              ? 1 + Math.round(rand() * 3)
              : Math.round(base + rand() ** 3 * base * 8),
          requestId: `demo-${d}-${i}-${Math.floor(rand() * 1e9).toString(36)}`,
          ip: app === isv ? '47.100.12.8' : '101.37.8.21',
          authMode: rand() < 0.7 ? 'hmac' : 'token',
        });
      }
    }
    for (let i = 0; i < rows.length; i += 500) await tx.insert(openCallLogs).values(rows.slice(i, i + 500));
  });
}
