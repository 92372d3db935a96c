import {
  WALLET_CONFIG,
  WALLET_SECRET_FIELDS,
  WALLET_SETTINGS,
  walletNotify,
  type WalletAccountRow as WalletAccountView,
  type WalletPlatform,
} from '@fpy/contracts';
import { maskSecrets } from '../../../gateways/kit/index.ts';
import type { WalletAccountRow } from './accounts.ts';

export { WALLET_CONFIG };

/** Where the platform calls this account back (entered in the platform's console as the notify URL). */
export const notifyPath = (platform: WalletPlatform, id: number) =>
  walletNotify.path.replace('{platform}', platform).replace('{id}', String(id));

export const labelOf = (platform: WalletPlatform, key: string) =>
  WALLET_SETTINGS[platform].find((f) => f.key === key)?.label ?? { zh: key, en: key };

export const maskedConfig = (platform: WalletPlatform, config: Record<string, unknown>) =>
  maskSecrets(config, WALLET_SECRET_FIELDS[platform]);

export const accountView = (row: WalletAccountRow): WalletAccountView => {
  const platform = row.platform as WalletPlatform;
  return {
    id: row.id,
    platform,
    name: row.name,
    priority: row.priority,
    weight: row.weight,
    enabled: row.enabled,
    remark: row.remark,
    config: maskedConfig(platform, row.config ?? {}),
    notifyPath: notifyPath(platform, row.id),
    updatedAt: row.updatedAt.toISOString(),
  };
};
