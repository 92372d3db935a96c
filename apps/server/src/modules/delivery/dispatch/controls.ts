import type { SMS_LIMIT_NAMES } from '@fpy/contracts';
import { type Db, smsControlEntries, smsLimits } from '@fpy/db';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { LimiterFactory } from '../../../lib/limiter.ts';

export interface Refusal {
  status: 'skipped';
  code: 'SMS_BLACKLISTED' | 'SMS_RATE_LIMITED';
  limit?: keyof typeof SMS_LIMIT_NAMES;
  n?: number;
}

type Limits = Pick<
  typeof smsLimits.$inferSelect,
  'perNumberPerMinute' | 'perNumberPerHour' | 'perNumberPerDay' | 'perTenantPerDay'
>;

/** With no row at all (neither the platform default nor the tenant's), the table's own defaults apply. */
export const DEFAULT_SMS_LIMITS: Limits = {
  perNumberPerMinute: 1,
  perNumberPerHour: 5,
  perNumberPerDay: 10,
  perTenantPerDay: 0,
};

async function limitsFor(db: Db, tenantId: number): Promise<Limits> {
  const rows = await db
    .select()
    .from(smsLimits)
    .where(or(eq(smsLimits.tenantId, tenantId), isNull(smsLimits.tenantId)));
  return (
    rows.find((r) => r.tenantId === tenantId) ?? rows.find((r) => r.tenantId === null) ?? DEFAULT_SMS_LIMITS
  );
}

const WINDOWS = [
  ['perNumberPerMinute', 60],
  ['perNumberPerHour', 3600],
  ['perNumberPerDay', 86_400],
] as const;

/**
 * The SMS controls, checked before any provider is called and before the quota is touched: a blacklisted number
 * (the platform's list or the company's) is never sent to; a whitelisted one skips the frequency limits (not
 * the blacklist); otherwise each limit of the company (its own row, else the platform default; 0 = none) takes
 * one point from its window — per number and company, and per company per day — through services.limiter
 * (Redis when REDIS_URL, so every instance counts in one window). null = may send.
 */
export async function checkSmsControls(
  db: Db,
  limiter: LimiterFactory,
  tenantId: number,
  mobile: string,
): Promise<Refusal | null> {
  const entries = await db
    .select({ kind: smsControlEntries.kind })
    .from(smsControlEntries)
    .where(
      and(
        eq(smsControlEntries.mobile, mobile),
        or(isNull(smsControlEntries.tenantId), eq(smsControlEntries.tenantId, tenantId)),
      ),
    );
  if (entries.some((e) => e.kind === 'black')) return { status: 'skipped', code: 'SMS_BLACKLISTED' };
  if (entries.some((e) => e.kind === 'white')) return null;
  const limits = await limitsFor(db, tenantId);
  for (const [name, seconds] of WINDOWS) {
    const n = limits[name];
    if (n <= 0) continue;
    const r = await limiter(`sms-${name}`, n, seconds).consume(`${tenantId}:${mobile}`);
    if (!r.ok) return { status: 'skipped', code: 'SMS_RATE_LIMITED', limit: name, n };
  }
  const perDay = limits.perTenantPerDay;
  if (perDay > 0) {
    const r = await limiter('sms-perTenantPerDay', perDay, 86_400).consume(String(tenantId));
    if (!r.ok) return { status: 'skipped', code: 'SMS_RATE_LIMITED', limit: 'perTenantPerDay', n: perDay };
  }
  return null;
}
