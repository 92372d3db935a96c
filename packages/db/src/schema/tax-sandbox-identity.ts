import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The sandbox bureau's 开票员身份认证 per tenant (apps/server/src/modules/platform/tax-gateway/sandbox/identity.ts):
 * while `state` is `required` the bureau refuses the tenant's issues until the invoicer answers a captcha. Plays
 * the bureau's side only; written by modules/platform/tax-gateway.
 */
export const taxSandboxIdentity = pgTable('tax_sandbox_identity', {
  tenantId: integer('tenant_id').primaryKey(),
  /** confirmed | required */
  state: text('state').notNull(),
  /** The bureau's id of the current demand (a new one each time it asks). */
  challengeId: text('challenge_id').notNull(),
  askedAt: at('asked_at').notNull(),
  /** SHA-256 of the captcha last drawn for the demand; the bureau keeps the text, never the product. */
  captchaHash: text('captcha_hash'),
  captchaExpiresAt: at('captcha_expires_at'),
  confirmedAt: at('confirmed_at'),
  updatedAt: updatedAt(),
});
