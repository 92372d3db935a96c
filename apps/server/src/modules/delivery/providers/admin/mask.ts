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
  local,
} from '@fpy/contracts';
import type { messageProviders } from '@fpy/db';
import {
  configFieldPath,
  type FieldPath,
  keepMaskedSecrets,
  maskSecrets,
} from '../../../../gateways/kit/index.ts';

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
export const maskConfig = (kind: string, config: Config): ProviderRow['config'] =>
  maskSecrets(config, SECRET_FIELDS[kind as ProviderKind] ?? [], ['callbackToken']);

export type { FieldPath };
export const providerFieldPath: FieldPath = configFieldPath;

const secretLabel = (key: string) => local(SECRET_LABELS[key] ?? key, SECRET_LABELS_EN[key] ?? key);

/**
 * The config to store from a form: masked secrets kept only while their destination is unchanged (the kit's
 * keepMaskedSecrets over SECRET_DESTINATIONS), a secret required in the end — SMTP without a user needs no
 * password (an open relay inside the network). Kinds with receipts get a token once.
 */
export function configToStore(
  kind: ProviderKind,
  incoming: Config,
  stored: Row | null,
  fieldPath: FieldPath = providerFieldPath,
): Config {
  const previous = stored && stored.kind === kind ? ((stored.config ?? {}) as Config) : null;
  const config = keepMaskedSecrets(incoming, previous, SECRET_DESTINATIONS[kind], {
    fieldPath,
    label: secretLabel,
    optional: (_key, c) => kind === 'smtp' && !c.user,
  });
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
