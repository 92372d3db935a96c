import {
  type EnterpriseMailReply,
  getEnterpriseMail,
  saveEnterpriseMail,
  SECRET_MASK,
  testEnterpriseMail,
} from '@fpy/contracts';
import { type Db, messageProviders } from '@fpy/db';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuthedCtx } from '../../../../http/context.ts';
import { route } from '../../../../http/route.ts';
import { badRequest, businessError } from '../../../../lib/errors.ts';
import type { ProviderGateway } from '../gateway.ts';
import { receiptPathOf } from './mask.ts';
import { createAccount, updateAccount } from './store.ts';
import { testSend } from './test-send.ts';

type Row = typeof messageProviders.$inferSelect;

/**
 * 企业邮箱 (spec §7 POST /api/admin/v1/parameterSetting/enterpriseMail): the caller's company's own SMTP account,
 * a message_providers row of that tenant, tried before the platform's accounts for its e-mail. The company is
 * always the caller's own (no tenant id is taken); the form is on /invoicePlat/zzsdzfp.
 */
const NAME = '企业邮箱';

function ownCompany(ctx: AuthedCtx): number {
  if (ctx.actor.tenantId === null) throw badRequest('TENANT_REQUIRED.enterprise_mail');
  return ctx.actor.tenantId;
}

async function mailbox(db: Db, tenantId: number): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(messageProviders)
    .where(
      and(
        eq(messageProviders.tenantId, tenantId),
        eq(messageProviders.channel, 'email'),
        eq(messageProviders.kind, 'smtp'),
      ),
    )
    .orderBy(asc(messageProviders.id))
    .limit(1);
  return row ?? null;
}

function reply(row: Row | null): EnterpriseMailReply {
  const c = (row?.config ?? {}) as Record<string, unknown>;
  return {
    configured: row !== null,
    enabled: row?.enabled ?? false,
    host: typeof c.host === 'string' ? c.host : '',
    port: typeof c.port === 'number' ? c.port : 465,
    secure: typeof c.secure === 'boolean' ? c.secure : true,
    rejectUnauthorized: typeof c.rejectUnauthorized === 'boolean' ? c.rejectUnauthorized : true,
    user: typeof c.user === 'string' ? c.user : null,
    pass: c.pass ? SECRET_MASK : '',
    from: typeof c.from === 'string' ? c.from : '',
    fromName: typeof c.fromName === 'string' ? c.fromName : null,
    bounceAddress: typeof c.bounceAddress === 'string' ? c.bounceAddress : null,
    verp: c.verp === true,
    bouncePath: row ? receiptPathOf(row) : null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export function registerEnterpriseMailRoutes(app: FastifyInstance, gateway: ProviderGateway) {
  route(app, getEnterpriseMail, async (ctx) => reply(await mailbox(ctx.db, ownCompany(ctx))));

  route(app, saveEnterpriseMail, async (ctx, { body }) => {
    const tenantId = ownCompany(ctx);
    const owner = { tenantId };
    const { enabled, ...config } = body;
    const provider = {
      kind: 'smtp' as const,
      config,
      name: NAME,
      priority: 0,
      weight: 1,
      enabled,
      remark: null,
    };
    const existing = await mailbox(ctx.db, tenantId);
    // The form is flat: its fields are named `host`, `pass` …, not `config.host`.
    const flat = (key: string) => key;
    const row = existing
      ? await updateAccount(ctx, 'email', owner, existing.id, provider, flat)
      : await createAccount(ctx, 'email', owner, provider, flat);
    gateway.forget(row.id);
    return reply(row);
  });

  route(app, testEnterpriseMail, async (ctx, { body }) => {
    const row = await mailbox(ctx.db, ownCompany(ctx));
    if (!row) throw businessError('ENTERPRISE_MAIL_NOT_SET');
    return testSend(gateway, row, { to: body.to }, ctx.lang);
  });
}
