import { local } from '@fpy/contracts';
import { DELIVERY_TEMPLATE_VARIABLES, templateVariables } from '@fpy/domain';
import { type Db, smsControlEntries, smsLimits, tenants } from '@fpy/db';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ResourceHooks } from '../../../crud/bind.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { badRequest } from '../../../lib/errors.ts';

type Row = Record<string, unknown>;

const isPlatform = (ctx: AuthedCtx) => ctx.actor.platform || ctx.actor.tenantId === null;

async function tenantMustExist(db: Db, tenantId: number) {
  const [t] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  if (!t) throw badRequest('SMS_TENANT_UNKNOWN', { tenantId }, { field: 'tenantId' });
}

/**
 * A number is on a list once per owner (the platform, or one company). The database's unique constraint
 * (sms_control_owner_kind_mobile_uq) decides; this check only words the usual case with the list's name. Of two
 * racing saves, the second fails on the constraint and gets the data path's 400 naming the mobile field.
 */
async function refuseDuplicate(
  db: Db,
  owner: number | null,
  kind: string,
  mobile: string,
  exceptId?: number,
) {
  const [dup] = await db
    .select({ id: smsControlEntries.id })
    .from(smsControlEntries)
    .where(
      and(
        owner === null ? isNull(smsControlEntries.tenantId) : eq(smsControlEntries.tenantId, owner),
        eq(smsControlEntries.kind, kind),
        eq(smsControlEntries.mobile, mobile),
        exceptId ? ne(smsControlEntries.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (!dup) return;
  if (kind === 'white') throw badRequest('SMS_CONTROL_DUPLICATE.white', { mobile }, { field: 'mobile' });
  throw badRequest(
    'SMS_CONTROL_DUPLICATE',
    { mobile, list: local('黑名单', 'blacklist') },
    { field: 'mobile' },
  );
}

/** Platform-wide entries (smsControlList): tenant_id stays null. */
export const smsControlHooks: ResourceHooks = {
  async beforeWrite(ctx, values, existing) {
    const kind = (values.kind ?? existing?.kind) as string;
    const mobile = (values.mobile ?? existing?.mobile) as string;
    await refuseDuplicate(ctx.db, null, kind, mobile, existing?.id as number | undefined);
  },
};

/** A company's whitelist (smsWhite): always kind 'white', the company the data path decides. */
export const smsWhiteHooks: ResourceHooks = {
  async beforeWrite(ctx, values, existing) {
    let owner = (existing?.tenantId as number | undefined) ?? null;
    if (!existing) {
      if (isPlatform(ctx)) {
        // The data path refuses a platform write without a company (TENANT_REQUIRED) right after this.
        if (!values.tenantId) return;
        owner = values.tenantId as number;
        await tenantMustExist(ctx.db, owner);
      } else owner = ctx.actor.tenantId;
    }
    const mobile = (values.mobile ?? existing?.mobile) as string;
    await refuseDuplicate(ctx.db, owner, 'white', mobile, existing?.id as number | undefined);
  },
  derive: () => ({ kind: 'white' }),
};

/**
 * One row per company and one platform default. The company's row is also unique in the database; the default
 * (tenant_id null, which a unique index does not compare) is serialised by a transaction-scoped advisory lock,
 * so two administrators creating it at once cannot both succeed.
 */
export const smsLimitHooks: ResourceHooks = {
  async beforeWrite(ctx, values, existing) {
    const owner = (values.tenantId !== undefined ? values.tenantId : existing?.tenantId) as number | null;
    if (owner !== null && owner !== undefined) await tenantMustExist(ctx.db, owner);
    await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext('sms_limits'))`);
    const [dup] = await ctx.db
      .select({ id: smsLimits.id })
      .from(smsLimits)
      .where(
        and(
          owner === null || owner === undefined ? isNull(smsLimits.tenantId) : eq(smsLimits.tenantId, owner),
          existing ? ne(smsLimits.id, existing.id as number) : undefined,
        ),
      )
      .limit(1);
    if (dup)
      throw owner === null || owner === undefined
        ? badRequest('SMS_LIMIT_DUPLICATE.platform', undefined, { field: 'tenantId' })
        : badRequest('SMS_LIMIT_DUPLICATE', undefined, { field: 'tenantId' });
  },
};

const KNOWN = new Set<string>(DELIVERY_TEMPLATE_VARIABLES);

/**
 * The platform's templates: only the variables the dispatcher fills (a typo would reach the buyer as an empty
 * gap), no subject on an SMS, and an e-mail needs one.
 */
export const platformTemplateHooks: ResourceHooks = {
  beforeWrite(_ctx, values, existing) {
    const merged = { ...existing, ...values } as Row;
    for (const field of ['subject', 'body'] as const) {
      const unknown = templateVariables(String(merged[field] ?? '')).filter((v) => !KNOWN.has(v));
      if (unknown.length) {
        const known = DELIVERY_TEMPLATE_VARIABLES.map((v) => `{{${v}}}`);
        const problem = local(
          `模板变量 {{${unknown[0]}}} 不存在，可用：${known.join('、')}`,
          `There is no template variable {{${unknown[0]}}}; available: ${known.join(', ')}`,
        );
        throw badRequest('VALIDATION_FAILED', { field, problem }, { field });
      }
    }
    if (merged.channel === 'email' && !merged.subject) {
      const problem = local('请输入邮件主题', 'Please enter the e-mail subject');
      throw badRequest('VALIDATION_FAILED', { field: 'subject', problem }, { field: 'subject' });
    }
    return undefined;
  },
  // An SMS has no subject: a leftover one from switching the channel is dropped, not stored.
  derive: (values, existing) => ((values.channel ?? existing?.channel) === 'sms' ? { subject: null } : {}),
};
