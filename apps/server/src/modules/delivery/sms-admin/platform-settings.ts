import {
  DEFAULT_SMS_PLATFORM_SETTINGS,
  SMS_PLATFORM_SETTINGS_KEY,
  type SmsPlatformSettings,
  smsPlatformSettings,
} from '@fpy/contracts';
import { type Db, systemSettings } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../http/context.ts';
import { emitAudit, withTransaction } from '../../../lib/write/index.ts';

/**
 * The platform's SMS settings (短信系统配置) in system_settings. A stored value that no longer fits the
 * contract (an older shape) falls back to the defaults field by field rather than failing the dispatcher.
 */
export async function readSmsPlatformSettings(db: Db): Promise<SmsPlatformSettings> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, SMS_PLATFORM_SETTINGS_KEY));
  const parsed = smsPlatformSettings.partial().safeParse(row?.value ?? {});
  return { ...DEFAULT_SMS_PLATFORM_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

export function saveSmsPlatformSettings(ctx: AuthedCtx, value: SmsPlatformSettings) {
  return withTransaction(ctx, async (tx) => {
    await tx
      .insert(systemSettings)
      .values({ key: SMS_PLATFORM_SETTINGS_KEY, value })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: new Date() } });
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
