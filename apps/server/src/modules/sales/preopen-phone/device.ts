import { LocalText } from '@fpy/contracts';
import { type Db, preopenPhoneDevices, tenants, users } from '@fpy/db';
import { RecordStatus } from '@fpy/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Ctx } from '../../../http/context.ts';
import type { VerbCtx } from '../../../http/verb-ctx.ts';
import { forbidden, tooManyRequests, unauthenticated } from '../../../lib/errors.ts';
import { sha256 } from '../../../lib/hash.ts';
import { loadCodes } from '../../../plugins/auth.ts';

/** The menu code of 预开审核: a bound phone works only while its user holds it. */
export const AUDIT = 'preopenAuditManager';
export const APPROVE = `${AUDIT}:btn_approve`;
export const REJECT = `${AUDIT}:btn_reject`;
/** The console's 重新开具 buttons (contracts retryInvoice). */
export const RETRY = ['stayOpenList:btn_retry', 'salesInvoiceQuery:btn_retry'];

/**
 * Guessing: every answer that is not a working device token or code costs the caller's IP one point; past the
 * budget every phone call from that IP is refused until the window ends (Redis-shared with REDIS_URL).
 */
export const MISS_BUDGET = 20;
export const MISS_WINDOW_SECONDS = 600;
/** A bound phone (and one application code) may make this many calls a minute: polling needs ~25. */
export const PER_KEY_PER_MINUTE = 90;

export const missBudget = (ctx: Ctx) => ctx.limiter('preopen-phone-miss', MISS_BUDGET, MISS_WINDOW_SECONDS);

/** Refuses a blocked IP before any lookup. */
export async function refuseBlocked(ctx: Ctx) {
  if ((await missBudget(ctx).blockedMs(ctx.ip)) > 0) throw tooManyRequests();
}

/** Counts a miss against the IP, then throws the refusal (a 429 once the budget is spent). */
export async function miss(ctx: Ctx, refusal: Error): Promise<never> {
  if (!(await missBudget(ctx).consume(ctx.ip)).ok) throw tooManyRequests();
  throw refusal;
}

/** Per-key budget (a device, an application code): a leaked key cannot be hammered either. */
export async function spend(ctx: Ctx, name: string, key: string) {
  if (!(await ctx.limiter(name, PER_KEY_PER_MINUTE, 60).consume(key)).ok) throw tooManyRequests();
}

export interface Bound {
  deviceId: number;
  tenantId: number;
  tenantName: string;
  userId: number;
  userName: string;
  expiresAt: Date;
  codes: ReadonlySet<string>;
  /** The bound user acting from the phone: what the invoicing verbs take. */
  verbCtx: VerbCtx;
}

const STAMP_EVERY_MS = 5 * 60_000;

/**
 * The phone's credential: token → its device row (not revoked, not expired) → the user (active, in an active
 * tenant) and their codes. Unknown, expired, revoked and foreign tokens answer alike (401 PREOPEN_DEVICE_INVALID)
 * and cost a miss; a user who lost 预开审核 gets a 403 naming it.
 */
export async function resolveDevice(ctx: Ctx, token: string): Promise<Bound> {
  await refuseBlocked(ctx);
  const [row] = await ctx.db
    .select({
      device: preopenPhoneDevices,
      user: users,
      tenantName: tenants.name,
      tenantStatus: tenants.status,
    })
    .from(preopenPhoneDevices)
    .innerJoin(users, eq(users.id, preopenPhoneDevices.userId))
    .innerJoin(tenants, eq(tenants.id, preopenPhoneDevices.tenantId))
    .where(
      and(
        eq(preopenPhoneDevices.tokenHash, sha256(token)),
        isNull(preopenPhoneDevices.revokedAt),
        gt(preopenPhoneDevices.expiresAt, new Date()),
      ),
    )
    .limit(1);
  const usable =
    row &&
    row.user.status === RecordStatus.Active &&
    row.tenantStatus === RecordStatus.Active &&
    row.user.tenantId === row.device.tenantId;
  if (!usable) return miss(ctx, unauthenticated('PREOPEN_DEVICE_INVALID'));
  await spend(ctx, 'preopen-phone-device', String(row.device.id));
  const codes = await loadCodes(ctx.db, row.user.id, row.user.isSuperAdmin);
  if (!codes.has(AUDIT)) throw forbidden('PREOPEN_NO_RIGHT', { action: ACTIONS.review });
  await stampUse(ctx.db, row.device);
  return {
    deviceId: row.device.id,
    tenantId: row.device.tenantId,
    tenantName: row.tenantName,
    userId: row.user.id,
    userName: row.user.name,
    expiresAt: row.device.expiresAt,
    codes,
    verbCtx: {
      db: ctx.db,
      actor: { userId: row.user.id, name: row.user.name, tenantId: row.device.tenantId, platform: false },
      ip: ctx.ip,
      jobs: ctx.jobs,
    },
  };
}

/** Bookkeeping for the console's device list (like a login's stamp): at most once every few minutes. */
async function stampUse(db: Db, device: typeof preopenPhoneDevices.$inferSelect) {
  const now = new Date();
  if (device.lastUsedAt && now.getTime() - device.lastUsedAt.getTime() < STAMP_EVERY_MS) return;
  await db.update(preopenPhoneDevices).set({ lastUsedAt: now }).where(eq(preopenPhoneDevices.id, device.id));
}

/** What a refused phone user may not do, in both languages. */
export const ACTIONS = {
  review: new LocalText('预开审核', 'review pre-issue applications'),
  approve: new LocalText('审核通过', 'approve applications'),
  reject: new LocalText('驳回', 'reject applications'),
  retry: new LocalText('重新开具', 'issue again'),
};

export const need = (bound: Bound, code: string | readonly string[], action: LocalText) => {
  const list = typeof code === 'string' ? [code] : code;
  if (!list.some((c) => bound.codes.has(c))) throw forbidden('PREOPEN_NO_RIGHT', { action });
};
