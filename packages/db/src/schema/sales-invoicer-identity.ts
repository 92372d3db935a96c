import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId } from './columns.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * 开票员身份认证 links (issue 30, /validate): when the bureau pauses a tenant's issuing until the invoicer confirms,
 * the console hands out a link /validate?c=<code> that the invoicer opens on the phone. Only the code's SHA-256
 * is stored; wrong captchas count and lock the link. Written by modules/sales/invoicer-identity only.
 */
export const invoicerIdentityLinks = pgTable(
  'invoicer_identity_links',
  {
    id: id(),
    tenantId: tenantId(),
    /** Who asked for the link in the console (null: the demo seed). */
    userId: integer('user_id'),
    codeHash: text('code_hash').notNull(),
    /** The bureau's demand this link answers (TaxGateway identityStatus). */
    challengeId: text('challenge_id').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedAt: at('locked_at'),
    confirmedAt: at('confirmed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoicer_identity_links_hash_uq').on(t.codeHash),
    index('invoicer_identity_links_tenant_idx').on(t.tenantId, t.id),
  ],
);
