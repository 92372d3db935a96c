import { CONFIG_OF_KIND, type MessageChannel, type ProviderKind, providerKinds } from '@fpy/contracts';
import { type Db, messageProviders } from '@fpy/db';
import { and, eq, isNull, or } from 'drizzle-orm';
import { accountVersion } from '../../../gateways/kit/index.ts';
import type { ProviderAccount } from './adapters/adapter.ts';

type Row = typeof messageProviders.$inferSelect;

const isKind = (k: string): k is ProviderKind => (providerKinds as readonly string[]).includes(k);

/** A row as the gateway uses it, or null when its kind or config no longer parses (skipped, never sent with). */
export function toAccount(row: Row): ProviderAccount | null {
  if (!isKind(row.kind)) return null;
  const parsed = CONFIG_OF_KIND[row.kind].safeParse(row.config ?? {});
  if (!parsed.success) return null;
  const config = parsed.data as Record<string, unknown>;
  return {
    id: row.id,
    tenantId: row.tenantId,
    channel: row.channel as MessageChannel,
    kind: row.kind,
    name: row.name,
    priority: row.priority,
    weight: row.weight,
    config,
    version: accountVersion(row.kind, config, row.updatedAt),
  };
}

/** The enabled accounts a message of `tenantId` may use on `channel`: the tenant's own and the platform's. */
export async function accountsFor(
  db: Db,
  channel: MessageChannel,
  tenantId: number | null,
): Promise<ProviderAccount[]> {
  const rows = await db
    .select()
    .from(messageProviders)
    .where(
      and(
        eq(messageProviders.channel, channel),
        eq(messageProviders.enabled, true),
        tenantId === null
          ? isNull(messageProviders.tenantId)
          : or(isNull(messageProviders.tenantId), eq(messageProviders.tenantId, tenantId)),
      ),
    );
  return rows.map(toAccount).filter((a): a is ProviderAccount => a !== null);
}

/** Every enabled account of every tenant (receipt polling). */
export async function allEnabledAccounts(db: Db): Promise<ProviderAccount[]> {
  const rows = await db.select().from(messageProviders).where(eq(messageProviders.enabled, true));
  return rows.map(toAccount).filter((a): a is ProviderAccount => a !== null);
}
