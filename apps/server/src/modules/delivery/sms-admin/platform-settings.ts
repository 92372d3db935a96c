import {
  DEFAULT_SMS_PLATFORM_SETTINGS,
  SMS_PLATFORM_SETTINGS_KEY,
  type SmsPlatformSettings,
  smsPlatformSettings,
} from '@fpy/contracts';
import type { Db } from '@fpy/db';
import type { AuthedCtx } from '../../../http/context.ts';
import { emitAudit, withTransaction } from '../../../lib/write/index.ts';
import { getSetting, putSetting } from '../../platform/base/index.ts';

/**
 * The platform's SMS settings (短信系统配置) in system_settings, through platform/base's settings face (its one writer). A stored value that no longer fits the
 * contract (an older shape) falls back to the defaults field by field rather than failing the dispatcher.
 */
export async function readSmsPlatformSettings(db: Db): Promise<SmsPlatformSettings> {
  const parsed = smsPlatformSettings
    .partial()
    .safeParse((await getSetting(db, SMS_PLATFORM_SETTINGS_KEY)) ?? {});
  return { ...DEFAULT_SMS_PLATFORM_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

export function saveSmsPlatformSettings(ctx: AuthedCtx, value: SmsPlatformSettings) {
  return withTransaction(ctx, async (tx) => {
    await putSetting(tx, SMS_PLATFORM_SETTINGS_KEY, value);
    await emitAudit(tx, ctx, {
      tenantId: null,
      resource: 'smsPlatformSettings',
      recordId: 0,
      action: 'update',
      changes: value,
    });
    return readSmsPlatformSettings(tx);
  });
}
