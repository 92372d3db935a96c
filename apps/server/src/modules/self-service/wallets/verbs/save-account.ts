import {
  local,
  type MessageText,
  WALLET_CONFIG,
  WALLET_HOST_FIELD,
  WALLET_SECRET_DESTINATIONS,
  type WalletAccountBody,
  type WalletPlatform,
} from '@fpy/contracts';
import { walletAccounts } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { configFieldPath, keepMaskedSecrets, vetDestination } from '../../../../gateways/kit/index.ts';
import type { AuthedCtx } from '../../../../http/context.ts';
import { badRequest, notFound } from '../../../../lib/errors.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { accountView, labelOf, maskedConfig } from '../account-views.ts';
import { privateKeyOf, publicKeyOf } from '../signing.ts';

export const ACCOUNT_RESOURCE = 'walletAccount';

/** Wallet settings are a company's own. */
export function tenantOf(ctx: AuthedCtx): number {
  if (ctx.actor.tenantId === null) throw badRequest('TENANT_REQUIRED');
  return ctx.actor.tenantId;
}

const localOf = (t: MessageText) => local(t.zh, t.en);

/** The platform's settings parsed by its schema; a field that does not pass is a 400 naming `config.<key>`. */
function parseConfig(platform: WalletPlatform, config: Record<string, unknown>) {
  const parsed = WALLET_CONFIG[platform].safeParse(config);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const issue = parsed.error.issues[0];
  const key = String(issue.path[0] ?? '');
  throw badRequest(
    'VALIDATION_FAILED',
    { problem: issue.message, field: configFieldPath(key) },
    { field: configFieldPath(key) },
  );
}

/** Keys must load: a key that does not parse is refused where it was typed. */
function checkKeys(platform: WalletPlatform, config: Record<string, unknown>) {
  const check = (key: string, load: (v: string) => unknown) => {
    const v = config[key];
    if (typeof v !== 'string' || !v) return;
    try {
      load(v);
    } catch {
      throw badRequest(
        'WALLET_KEY_INVALID',
        { field: localOf(labelOf(platform, key)) },
        { field: configFieldPath(key) },
      );
    }
  };
  check('privateKey', privateKeyOf);
  check(platform === 'wechat' ? 'platformCert' : 'alipayPublicKey', publicKeyOf);
}

/**
 * 新增/修改 a tenant's account of a platform (wxSet / zfbSet): the settings parsed by the platform's schema; a
 * secret sent back masked kept only while its destination is unchanged (the kit's keepMaskedSecrets); keys that
 * load; the endpoint vetted by the outbound guard. Audited with the secrets masked.
 */
export async function saveAccount(
  ctx: AuthedCtx,
  platform: WalletPlatform,
  id: number | null,
  body: WalletAccountBody,
) {
  const tenantId = tenantOf(ctx);
  const incoming = parseConfig(platform, body.config);
  return withTransaction(ctx, async (tx) => {
    let previous: Record<string, unknown> | null = null;
    if (id !== null) {
      const [row] = await tx
        .select()
        .from(walletAccounts)
        .where(
          and(
            eq(walletAccounts.id, id),
            eq(walletAccounts.tenantId, tenantId),
            eq(walletAccounts.platform, platform),
          ),
        )
        .for('update');
      if (!row) throw notFound('NOT_FOUND.wallet_account');
      previous = row.config ?? {};
    }
    const config = keepMaskedSecrets(incoming, previous, WALLET_SECRET_DESTINATIONS[platform], {
      fieldPath: configFieldPath,
      label: (key) => localOf(labelOf(platform, key)),
      // On the test channel the sandbox signs; keys are for the live platform.
      optional: (_key, c) => c.sandbox === true,
    });
    checkKeys(platform, config);
    if (config.sandbox !== true)
      await vetDestination(ctx.outbound, config[WALLET_HOST_FIELD], configFieldPath(WALLET_HOST_FIELD));
    const values = {
      name: body.name,
      priority: body.priority,
      weight: body.weight,
      enabled: body.enabled,
      remark: body.remark ?? null,
      config,
    };
    const [row] =
      id === null
        ? await tx
            .insert(walletAccounts)
            .values({ ...values, tenantId, platform })
            .returning()
        : await tx.update(walletAccounts).set(values).where(eq(walletAccounts.id, id)).returning();
    await emitAudit(tx, ctx, {
      tenantId,
      resource: ACCOUNT_RESOURCE,
      recordId: row.id,
      action: id === null ? 'create' : 'update',
      changes: { ...values, platform, config: maskedConfig(platform, config) },
    });
    return accountView(row);
  });
}

export async function deleteAccount(ctx: AuthedCtx, platform: WalletPlatform, id: number) {
  const tenantId = tenantOf(ctx);
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .delete(walletAccounts)
      .where(
        and(
          eq(walletAccounts.id, id),
          eq(walletAccounts.tenantId, tenantId),
          eq(walletAccounts.platform, platform),
        ),
      )
      .returning();
    if (!row) throw notFound('NOT_FOUND.wallet_account');
    await emitAudit(tx, ctx, {
      tenantId,
      resource: ACCOUNT_RESOURCE,
      recordId: row.id,
      action: 'delete',
      changes: { name: row.name, platform },
    });
    return { ok: true as const };
  });
}
