import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

/**
 * 授权码 (issue 32 §1, /authManager/authCode): a code the platform hands to an enterprise or an app to activate a
 * product line (a client installation, a device centre). Written by modules/open-platform/console only.
 * - code: made by the server (random base62), never changes; unique.
 * - tenantId / appId: what it is bound to (either may be empty until redeemed).
 * - product: the product line it unlocks (an interface-group code such as output-invoice).
 * - maxUses / uses: how often it may be redeemed; state enabled | disabled (expiry is read from expiresAt).
 */
export const openAuthCodes = pgTable(
  'open_auth_codes',
  {
    id: id(),
    code: text('code').notNull(),
    tenantId: integer('tenant_id'),
    appId: integer('app_id'),
    product: text('product').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    maxUses: integer('max_uses').notNull().default(1),
    uses: integer('uses').notNull().default(0),
    state: text('state').notNull().default('enabled'),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('open_auth_codes_code_uq').on(t.code),
    index('open_auth_codes_tenant_idx').on(t.tenantId),
  ],
);

/**
 * 设备绑定 (issue 32 §1, /authManager/deviceBinding): a device (tax UKey, printer, POS, kiosk …) bound to an
 * enterprise and the app or OAuth client that drives it. A device is bound to at most one enterprise at a time
 * (a partial unique index on the serial while bound); unbinding keeps the row as history.
 */
export const openDeviceBindings = pgTable(
  'open_device_bindings',
  {
    id: id(),
    tenantId: integer('tenant_id').notNull(),
    deviceSerial: text('device_serial').notNull(),
    deviceType: text('device_type').notNull(),
    deviceName: text('device_name').notNull().default(''),
    appId: integer('app_id'),
    clientId: text('client_id'),
    state: text('state').notNull().default('bound'),
    boundAt: timestamp('bound_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    unboundAt: timestamp('unbound_at', { withTimezone: true, mode: 'date' }),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('open_device_bindings_serial_bound_uq').on(t.deviceSerial).where(sql`${t.state} = 'bound'`),
    index('open_device_bindings_tenant_idx').on(t.tenantId),
  ],
);
