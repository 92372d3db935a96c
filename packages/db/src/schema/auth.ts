import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

export const oauthClients = pgTable('oauth_clients', {
  id: id(),
  clientId: text('client_id').notNull().unique(),
  secretHash: text('secret_hash').notNull(),
  name: text('name').notNull(),
  grantTypes: text('grant_types').notNull().default('password'),
  accessTokenTtl: integer('access_token_ttl').notNull().default(43200),
  // Issue 32 (/authManager/oauthClientDetailsManager): scopes and redirect URIs (comma-separated), the refresh
  // token's validity, and a switch: a disabled client is refused at the token endpoint.
  scopes: text('scopes').notNull().default('all'),
  redirectUris: text('redirect_uris').notNull().default(''),
  refreshTokenTtl: integer('refresh_token_ttl').notNull().default(2592000),
  enabled: boolean('enabled').notNull().default(true),
  remark: text('remark').notNull().default(''),
  createdAt: createdAt(),
});

/** Only the SHA-256 of a token is stored: a leaked table does not leak sessions. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id').notNull(),
    tenantId: integer('tenant_id'),
    clientId: text('client_id').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('access_tokens_hash_uq').on(t.tokenHash),
    index('access_tokens_user_idx').on(t.userId),
    // Dashboard login counts per tenant and platform-wide.
    index('access_tokens_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('access_tokens_created_idx').on(t.createdAt),
  ],
);

/** One-time codes for forgotten / changed passwords and contact changes; stored hashed. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    userId: integer('user_id').notNull(),
    purpose: text('purpose').notNull(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_user_idx').on(t.userId, t.purpose)],
);

/** Key pairs the server generates once and keeps (the login RSA key survives restarts). */
export const keyPairs = pgTable('key_pairs', {
  id: id(),
  purpose: text('purpose').notNull().unique(),
  publicPem: text('public_pem').notNull(),
  privatePem: text('private_pem').notNull(),
  createdAt: createdAt(),
});
