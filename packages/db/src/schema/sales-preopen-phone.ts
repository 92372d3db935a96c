import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId } from './columns.ts';

/**
 * 预开审核手机端 (issue 30 §2.9): an invoicer binds a phone to their console account and approves or rejects
 * pre-issue applications from it. Written by modules/sales/preopen-phone only.
 */

/** The short-lived, single-use code the console shows as a QR; only its SHA-256 is stored. */
export const preopenPhoneBindCodes = pgTable(
  'preopen_phone_bind_codes',
  {
    id: id(),
    tenantId: tenantId(),
    userId: integer('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('preopen_phone_bind_codes_hash_uq').on(t.codeHash),
    index('preopen_phone_bind_codes_user_idx').on(t.tenantId, t.userId),
  ],
);

/**
 * A bound phone: a device token scoped to pre-issue review for one user of one tenant, expiring and revocable;
 * only its SHA-256 is stored (like access_tokens).
 */
export const preopenPhoneDevices = pgTable(
  'preopen_phone_devices',
  {
    id: id(),
    tenantId: tenantId(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    label: text('label'),
    ip: text('ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('preopen_phone_devices_hash_uq').on(t.tokenHash),
    index('preopen_phone_devices_user_idx').on(t.tenantId, t.userId),
  ],
);

/** The code printed as a pre-issue application's QR (one per invoice): useful only to a bound phone of its tenant. */
export const preopenPhoneAppCodes = pgTable(
  'preopen_phone_app_codes',
  {
    id: id(),
    tenantId: tenantId(),
    invoiceId: integer('invoice_id').notNull(),
    code: text('code').notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('preopen_phone_app_codes_code_uq').on(t.code),
    uniqueIndex('preopen_phone_app_codes_invoice_uq').on(t.invoiceId),
  ],
);
