import type { LimiterFactory, LimitResult } from '../../../lib/limiter.ts';
import type { OpenLimitRow } from './registry.ts';

/** Built-in limits when no open_rate_limits row applies (calls per window), from OPEN_RATE_LIMIT_PER_SECOND. */
export function defaultOpenLimits(perSecond = 100) {
  return {
    app: { points: perSecond, windowSeconds: 1 },
    enterprise: { points: perSecond, windowSeconds: 1 },
    api: { points: Math.max(1, Math.floor(perSecond / 2)), windowSeconds: 1 },
  };
}
export const DEFAULT_OPEN_LIMITS = defaultOpenLimits();

export interface LimitSpec {
  scope: 'app' | 'enterprise' | 'api';
  key: string;
  points: number;
  windowSeconds: number;
}

const pick = (rows: OpenLimitRow[], scope: string, match: (r: OpenLimitRow) => boolean) =>
  rows.find((r) => r.scope === scope && match(r));

/**
 * The three budgets of a call: per app, per enterprise (whichever app calls for it) and per API (this app on
 * this operation). The most specific operator row wins: app row of this app, else the app default row (app_id
 * null), else the built-in default; likewise per enterprise and per API (app + operation, else operation).
 */
export function limitsFor(
  rows: OpenLimitRow[],
  appId: number,
  tenantId: number,
  operation: string,
  defaults = DEFAULT_OPEN_LIMITS,
): LimitSpec[] {
  const app =
    pick(rows, 'app', (r) => r.appId === appId) ?? pick(rows, 'app', (r) => r.appId === null) ?? defaults.app;
  const ent =
    pick(rows, 'enterprise', (r) => r.tenantId === tenantId) ??
    pick(rows, 'enterprise', (r) => r.tenantId === null) ??
    defaults.enterprise;
  const api =
    pick(rows, 'api', (r) => r.operation === operation && r.appId === appId) ??
    pick(rows, 'api', (r) => r.operation === operation && r.appId === null) ??
    pick(rows, 'api', (r) => r.operation === null && r.appId === null) ??
    defaults.api;
  return [
    { scope: 'app', key: `a${appId}`, points: app.points, windowSeconds: app.windowSeconds },
    { scope: 'enterprise', key: `t${tenantId}`, points: ent.points, windowSeconds: ent.windowSeconds },
    { scope: 'api', key: `a${appId}:${operation}`, points: api.points, windowSeconds: api.windowSeconds },
  ];
}

export interface LimitOutcome {
  ok: boolean;
  /** The tightest budget: what X-RateLimit-* report. */
  limit: number;
  remaining: number;
  resetSeconds: number;
  /** When refused: seconds until the refusing budget frees up. */
  retryAfter: number;
  refusedBy?: LimitSpec['scope'];
}

/**
 * Takes one point from each budget (rate-limiter-flexible through services.limiter: Redis when REDIS_URL, so
 * every instance shares the counts). All three are asked at once; the reply reports the budget with the fewest
 * calls left.
 */
export async function consumeLimits(limiter: LimiterFactory, specs: LimitSpec[]): Promise<LimitOutcome> {
  const results: LimitResult[] = await Promise.all(
    specs.map((s) => limiter(`open-${s.scope}`, s.points, s.windowSeconds).consume(s.key)),
  );
  let tight = 0;
  let tightRemaining = Number.POSITIVE_INFINITY;
  let refused = -1;
  results.forEach((r, i) => {
    const remaining = Math.max(0, specs[i].points - r.consumed);
    if (remaining < tightRemaining) {
      tightRemaining = remaining;
      tight = i;
    }
    if (!r.ok && (refused < 0 || r.msBeforeNext > results[refused].msBeforeNext)) refused = i;
  });
  const at = refused >= 0 ? refused : tight;
  const resetSeconds = Math.max(1, Math.ceil(results[at].msBeforeNext / 1000));
  return {
    ok: refused < 0,
    limit: specs[at].points,
    remaining: refused >= 0 ? 0 : tightRemaining,
    resetSeconds,
    retryAfter: resetSeconds,
    ...(refused >= 0 ? { refusedBy: specs[refused].scope } : {}),
  };
}

/**
 * The app budget's state without taking a point: what X-RateLimit-* report on a call refused before the limits
 * (a bad signature of a known app, an API outside its groups, …), so every reply of a known app carries them.
 */
export async function peekAppLimit(limiter: LimiterFactory, spec: LimitSpec) {
  const r = await limiter(`open-${spec.scope}`, spec.points, spec.windowSeconds).peek(spec.key);
  return {
    limit: spec.points,
    remaining: Math.max(0, spec.points - (r?.consumed ?? 0)),
    resetSeconds: r ? Math.max(1, Math.ceil(r.msBeforeNext / 1000)) : spec.windowSeconds,
  };
}
