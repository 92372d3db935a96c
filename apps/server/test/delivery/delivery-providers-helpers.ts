import { type Db, messageProviders } from '@fpy/db';
import type { Receipt } from '../../src/gateways/messaging/gateway.ts';
import { type ProviderGateway, onReceipts } from '../../src/modules/delivery/providers/index.ts';
import type { TestApp } from '../harness.ts';

/** A provider account row as an administrator would have saved it (tests write it directly). */
export async function insertProvider(
  db: Db,
  row: {
    channel: 'sms' | 'email';
    kind: 'smtp' | 'aliyun' | 'tencent' | 'sandbox';
    config: Record<string, unknown>;
    name?: string;
    priority?: number;
    weight?: number;
    enabled?: boolean;
    tenantId?: number | null;
  },
) {
  const [saved] = await db
    .insert(messageProviders)
    .values({
      channel: row.channel,
      kind: row.kind,
      name: row.name ?? `${row.kind}-${Math.random().toString(36).slice(2, 7)}`,
      priority: row.priority ?? 10,
      weight: row.weight ?? 1,
      enabled: row.enabled ?? true,
      tenantId: row.tenantId ?? null,
      config: row.config,
    })
    .returning();
  return saved;
}

export const clearProviders = (db: Db) => db.delete(messageProviders);

export const gatewayOf = (t: TestApp) => t.services.gateways.messaging as ProviderGateway;

/** Collects every receipt the app's gateway hands to its handlers (as the dispatch module would). */
export function collectReceipts(t: TestApp): Receipt[] {
  const got: Receipt[] = [];
  onReceipts(t.services, async (receipts) => {
    got.push(...receipts);
  });
  return got;
}

/** A small deterministic PRNG (mulberry32) so weighted orders are the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
