import {
  DESTINATION_HOST_FIELD,
  KINDS_OF_CHANNEL,
  local,
  type MessageChannel,
  type ProviderBody,
  type ProviderKind,
} from '@fpy/contracts';
import { type Db, messageProviders } from '@fpy/db';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { vetDestination } from '../../../../gateways/kit/index.ts';
import { badRequest, notFound } from '../../../../lib/errors.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { configToStore, type FieldPath, maskConfig, providerFieldPath } from './mask.ts';

type Row = typeof messageProviders.$inferSelect;

/** Audit rows use this resource name (the same table the declared resources write to). */
export const AUDIT_RESOURCE = 'messageProvider';

/** Whose accounts a page manages: the platform's (tenant_id null) or one tenant's. */
export type Owner = { tenantId: number | null };

const ownerIs = (owner: Owner): SQL =>
  owner.tenantId === null ? isNull(messageProviders.tenantId) : eq(messageProviders.tenantId, owner.tenantId);

const CHANNEL_NAMES = { sms: local('短信', 'SMS'), email: local('邮件', 'e-mail') };

/** The audit entry of a write (emitAudit, same transaction); secrets never enter it (masked like every answer). */
const entry = (row: Row, action: 'create' | 'update' | 'delete', changes: object) => ({
  tenantId: row.tenantId,
  resource: AUDIT_RESOURCE,
  recordId: row.id,
  action,
  changes,
});

const auditable = (row: Row) => ({
  channel: row.channel,
  kind: row.kind,
  name: row.name,
  priority: row.priority,
  weight: row.weight,
  enabled: row.enabled,
  remark: row.remark,
  config: maskConfig(row.kind, (row.config ?? {}) as Record<string, unknown>),
});

export async function listAccounts(db: Db, channel: MessageChannel, owner: Owner): Promise<Row[]> {
  return db
    .select()
    .from(messageProviders)
    .where(and(eq(messageProviders.channel, channel), ownerIs(owner)))
    .orderBy(messageProviders.priority, messageProviders.id);
}

/** One account of this channel and owner, locked when `lock` (a save holds it until commit); else 404. */
export async function getAccount(db: Db, channel: MessageChannel, owner: Owner, id: number, lock = false) {
  const q = db
    .select()
    .from(messageProviders)
    .where(and(eq(messageProviders.id, id), eq(messageProviders.channel, channel), ownerIs(owner)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('NOT_FOUND.provider');
  return row;
}

function checkKind(channel: MessageChannel, body: ProviderBody) {
  if (!KINDS_OF_CHANNEL[channel].includes(body.kind))
    throw badRequest('PROVIDER_KIND_MISMATCH', { channel: CHANNEL_NAMES[channel], kind: body.kind });
}

const columns = (body: ProviderBody) => ({
  kind: body.kind,
  name: body.name,
  priority: body.priority,
  weight: body.weight,
  enabled: body.enabled,
  remark: body.remark,
});

/** The kind's destination field (contracts DESTINATION_HOST_FIELD) through the kit's early outbound check. */
async function vetHost(ctx: AuthedCtx, kind: ProviderKind, config: Record<string, unknown>, path: FieldPath) {
  const field = DESTINATION_HOST_FIELD[kind];
  if (field) await vetDestination(ctx.outbound, config[field], path(field));
}

export async function createAccount(
  ctx: AuthedCtx,
  channel: MessageChannel,
  owner: Owner,
  body: ProviderBody,
  fieldPath: FieldPath = providerFieldPath,
) {
  checkKind(channel, body);
  const config = configToStore(body.kind, body.config, null, fieldPath);
  await vetHost(ctx, body.kind, config, fieldPath);
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .insert(messageProviders)
      .values({ ...columns(body), channel, tenantId: owner.tenantId, config })
      .returning();
    await emitAudit(tx, ctx, entry(row, 'create', auditable(row)));
    return row;
  });
}

export async function updateAccount(
  ctx: AuthedCtx,
  channel: MessageChannel,
  owner: Owner,
  id: number,
  body: ProviderBody,
  fieldPath: FieldPath = providerFieldPath,
) {
  checkKind(channel, body);
  // Before the row is locked: resolving a name may take a moment.
  await vetHost(ctx, body.kind, body.config, fieldPath);
  return withTransaction(ctx, async (tx) => {
    const existing = await getAccount(tx, channel, owner, id, true);
    const config = configToStore(body.kind, body.config, existing, fieldPath);
    const [row] = await tx
      .update(messageProviders)
      .set({ ...columns(body), config, updatedAt: new Date() })
      .where(eq(messageProviders.id, id))
      .returning();
    await emitAudit(tx, ctx, entry(row, 'update', auditable(row)));
    return row;
  });
}

export function setAccountEnabled(
  ctx: AuthedCtx,
  channel: MessageChannel,
  owner: Owner,
  id: number,
  enabled: boolean,
) {
  return withTransaction(ctx, async (tx) => {
    await getAccount(tx, channel, owner, id, true);
    const [row] = await tx
      .update(messageProviders)
      .set({ enabled, updatedAt: new Date() })
      .where(eq(messageProviders.id, id))
      .returning();
    await emitAudit(tx, ctx, entry(row, 'update', { enabled }));
    return row;
  });
}

export function deleteAccount(ctx: AuthedCtx, channel: MessageChannel, owner: Owner, id: number) {
  return withTransaction(ctx, async (tx) => {
    const row = await getAccount(tx, channel, owner, id, true);
    await tx.delete(messageProviders).where(eq(messageProviders.id, id));
    await emitAudit(tx, ctx, entry(row, 'delete', auditable(row)));
    return row;
  });
}
