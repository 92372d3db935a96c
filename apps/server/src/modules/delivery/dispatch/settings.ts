import {
  DEFAULT_DELIVERY_SETTINGS,
  DELIVERY_SETTINGS_KEY,
  type DeliverySettings,
  deliverySettings,
} from '@fpy/contracts';
import { type Db, tenantParameters } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { getSetting } from '../../platform/base/index.ts';

async function parameter(db: Db, tenantId: number, key: string): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .select({ value: tenantParameters.value })
    .from(tenantParameters)
    .where(and(eq(tenantParameters.tenantId, tenantId), eq(tenantParameters.key, key)))
    .limit(1);
  return row?.value && typeof row.value === 'object' ? (row.value as Record<string, unknown>) : null;
}

/**
 * The tenant's delivery settings (zzsdzfp), laid over the defaults so a value saved before a field existed still
 * reads; a stored value the schema refuses reads as the defaults rather than stopping every delivery.
 */
export async function loadDeliverySettings(db: Db, tenantId: number): Promise<DeliverySettings> {
  const stored = await parameter(db, tenantId, DELIVERY_SETTINGS_KEY);
  if (!stored) return DEFAULT_DELIVERY_SETTINGS;
  const parsed = deliverySettings.safeParse({ ...DEFAULT_DELIVERY_SETTINGS, ...stored });
  return parsed.success ? parsed.data : DEFAULT_DELIVERY_SETTINGS;
}

/** tenant_parameters 'sms' (the company's own 签名, /invoicePlat/sms) and system_settings of smsSystemDeploy. */
const TENANT_SMS_KEY = 'sms';
const PLATFORM_SMS_KEY = 'delivery.smsPlatform';
/** When neither the company nor the platform named one. */
export const FALLBACK_SIGN_NAME = '发票云';

const nameIn = (v: Record<string, unknown> | null | undefined) =>
  typeof v?.signName === 'string' && v.signName.trim() ? v.signName.trim() : null;

/** The 签名 an SMS of this tenant goes out with: the company's own, else the platform's default. */
export async function loadSignName(db: Db, tenantId: number): Promise<string> {
  const own = nameIn(await parameter(db, tenantId, TENANT_SMS_KEY));
  if (own) return own;
  const platform = await getSetting(db, PLATFORM_SMS_KEY);
  return nameIn(platform as Record<string, unknown> | undefined) ?? FALLBACK_SIGN_NAME;
}
