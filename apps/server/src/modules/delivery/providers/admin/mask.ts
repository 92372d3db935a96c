import { randomBytes } from 'node:crypto';
import {
  CONFIG_OF_KIND,
  type ProviderKind,
  type ProviderRow,
  pushAliyunReceipts,
  pushMailBounce,
  pushTencentReceipts,
  SECRET_DESTINATIONS,
  SECRET_FIELDS,
  SECRET_MASK,
} from '@fpy/contracts';
import { mergeMaskedSecrets } from '@fpy/domain';
import type { messageProviders } from '@fpy/db';
import { local } from '@fpy/contracts';
import { badRequest } from '../../../../lib/errors.ts';

type Row = typeof messageProviders.$inferSelect;
type Config = Record<string, unknown>;

const SECRET_LABELS: Record<string, string> = {
  pass: '密码',
  accessKeySecret: 'AccessKey Secret',
  secretKey: 'SecretKey',
};
const SECRET_LABELS_EN: Record<string, string> = {
  pass: 'password',
  accessKeySecret: 'AccessKey Secret',
  secretKey: 'SecretKey',
};

/** The config as answered: every secret replaced by SECRET_MASK (or '' when none is stored); no token. */
export function maskConfig(kind: string, config: Config): ProviderRow['config'] {
  const secrets = SECRET_FIELDS[kind as ProviderKind] ?? [];
  const out: ProviderRow['config'] = {};
  for (const [k, v] of Object.entries(config)) {
    if (k === 'callbackToken') continue;
    if (secrets.includes(k)) out[k] = v ? SECRET_MASK : '';
    else if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v as string;
  }
  return out;
}

/** How a form names a config field in its messages: `config.host` on the provider pages, `host` on 企业邮箱. */
export type FieldPath = (key: string) => string;
export const providerFieldPath: FieldPath = (key) => `config.${key}`;

const secretLabel = (key: string) => local(SECRET_LABELS[key] ?? key, SECRET_LABELS_EN[key] ?? key);

/**
 * The config to store from a form: a secret sent back as SECRET_MASK or blank keeps the stored one only while
 * its destination is unchanged (SECRET_DESTINATIONS, @fpy/domain mergeMaskedSecrets), else 400 naming the
 * secret; a secret is required in the end. Kinds with receipts get a token once.
 */
export function configToStore(
  kind: ProviderKind,
  incoming: Config,
  stored: Row | null,
  fieldPath: FieldPath = providerFieldPath,
): Config {
  const previous = stored && stored.kind === kind ? ((stored.config ?? {}) as Config) : null;
  const merged = mergeMaskedSecrets(incoming, previous, SECRET_DESTINATIONS[kind]);
  if (merged.destinationChanged) {
    const key = merged.destinationChanged.secret;
    throw badRequest(
      'SECRET_DESTINATION_CHANGED',
      { field: secretLabel(key), key: fieldPath(key) },
      { field: fieldPath(key), changed: merged.destinationChanged.fields.map(fieldPath) },
    );
  }
  const config: Config = merged.config;
  for (const key of merged.missing) {
    // SMTP without a user needs no password (an open relay inside the network).
    const optional = kind === 'smtp' && !config.user;
    if (!optional)
      throw badRequest('PROVIDER_SECRET_REQUIRED', { field: secretLabel(key), key: fieldPath(key) });
  }
  if (kind === 'aliyun' || kind === 'tencent' || kind === 'smtp')
    config.callbackToken =
      typeof previous?.callbackToken === 'string' && previous.callbackToken
        ? previous.callbackToken
        : randomBytes(24).toString('base64url');
  // What is stored is exactly what the kind's schema produces (unknown keys dropped), plus the token.
  const parsed = CONFIG_OF_KIND[kind].parse(config) as Config;
  return config.callbackToken ? { ...parsed, callbackToken: config.callbackToken } : parsed;
}

/**
 * Where the provider pushes this account's receipts (path and query; the page prefixes the public address);
 * for SMTP, where the bounce mailbox's MTA pipes bounces and DSNs.
 */
export function receiptPathOf(row: Row): string | null {
  const token = (row.config as { callbackToken?: unknown }).callbackToken;
  if (typeof token !== 'string') return null;
  const contract =
    row.kind === 'aliyun'
      ? pushAliyunReceipts
      : row.kind === 'tencent'
        ? pushTencentReceipts
        : row.kind === 'smtp'
          ? pushMailBounce
          : null;
  if (!contract) return null;
  return `${contract.path.replace('{id}', String(row.id))}?token=${token}`;
}

export function toProviderRow(row: Row): ProviderRow {
  return {
    id: row.id,
    tenantId: row.tenantId,
    channel: row.channel as ProviderRow['channel'],
    kind: row.kind as ProviderRow['kind'],
    name: row.name,
    priority: row.priority,
    weight: row.weight,
    enabled: row.enabled,
    remark: row.remark,
    config: maskConfig(row.kind, (row.config ?? {}) as Config),
    receiptPath: receiptPathOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
