import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Issue 32 (the open platform), lane CORE: who may call /openapi/v1, for whom, how often, and what they did.
 * Writer of the call log: modules/open-platform/gateway (batched, off the request path). The management pages
 * (lane CONSOLE) write developers, apps, groups, licences and limits.
 */

/** A developer account: an enterprise's own developer (tenant_id = the company) or an ISV (tenant_id null). */
export const openDevelopers = pgTable(
  'open_developers',
  {
    id: id(),
    name: text('name').notNull(),
    /** 'enterprise' | 'isv' */
    kind: text('kind').notNull(),
    tenantId: integer('tenant_id'),
    contact: text('contact'),
    phone: text('phone'),
    email: text('email'),
    /** 'enabled' | 'disabled' */
    state: text('state').notNull().default('enabled'),
    remark: text('remark'),
    createdAt: createdAt(),
    createdBy: integer('created_by'),
    updatedAt: updatedAt(),
  },
  (t) => [index('open_developers_tenant_idx').on(t.tenantId)],
);

/**
 * An application: appKey ('ak_' + 20 base62) and a secret kept AES-256-GCM encrypted (HMAC needs it back; the
 * cipher format is apps/server/src/lib/secret-box.ts), shown once on create/reset. An enterprise's own app has
 * tenant_id = the company (it acts only for it); an ISV app has tenant_id null and acts for the enterprises
 * that licensed it (open_licenses).
 */
export const openApps = pgTable(
  'open_apps',
  {
    id: id(),
    developerId: integer('developer_id').notNull(),
    name: text('name').notNull(),
    appKey: text('app_key').notNull(),
    secretCipher: text('secret_cipher').notNull(),
    /** The secret's last 4 characters, to tell secrets apart on the page. */
    secretHint: text('secret_hint').notNull(),
    /** CIDR entries (IPv4/IPv6, a bare address = /32 or /128), at most 20; empty: any address. */
    ipWhitelist: jsonb('ip_whitelist').$type<string[]>().notNull().default([]),
    callbackUrl: text('callback_url'),
    webhookEvents: jsonb('webhook_events').$type<string[]>().notNull().default([]),
    /** 'enabled' | 'disabled' */
    state: text('state').notNull().default('enabled'),
    /** The own app's company; null for an ISV app. */
    tenantId: integer('tenant_id'),
    /** Sandbox apps call the tax sandbox only (every installation here is a sandbox today). */
    sandbox: boolean('sandbox').notNull().default(true),
    remark: text('remark'),
    secretRotatedAt: ts('secret_rotated_at'),
    createdAt: createdAt(),
    createdBy: integer('created_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('open_apps_app_key_uq').on(t.appKey),
    index('open_apps_developer_idx').on(t.developerId),
    index('open_apps_tenant_idx').on(t.tenantId),
  ],
);

/** Interface groups (product lines): every open API belongs to one; an app calls only its groups. */
export const openInterfaceGroups = pgTable(
  'open_interface_groups',
  {
    id: id(),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionZh: text('description_zh'),
    descriptionEn: text('description_en'),
    /** 'enabled' | 'disabled' */
    state: text('state').notNull().default('enabled'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('open_interface_groups_code_uq').on(t.code)],
);

/**
 * The registry of open APIs, synced from the contracts' `open` declarations at start (upsert by operation; the
 * sync never touches `state`, so an operator's disable holds). A row whose declaration disappeared is marked
 * `retired` = true.
 */
export const openInterfaces = pgTable(
  'open_interfaces',
  {
    id: id(),
    operation: text('operation').notNull(),
    groupCode: text('group_code').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    isv: boolean('isv').notNull().default(true),
    /** 'enabled' | 'disabled' (operators) */
    state: text('state').notNull().default('enabled'),
    retired: boolean('retired').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('open_interfaces_operation_uq').on(t.operation),
    index('open_interfaces_group_idx').on(t.groupCode),
  ],
);

/** The groups an app may call. */
export const openAppGroups = pgTable(
  'open_app_groups',
  {
    appId: integer('app_id').notNull(),
    groupCode: text('group_code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.groupCode] })],
);

/**
 * An enterprise licence: the company (tenant_id) authorises an ISV app to act for it within `scopes` (group
 * codes) until expires_at (null: no expiry). State 'active' | 'revoked'; an active licence past its expiry
 * counts as expired.
 */
export const openLicenses = pgTable(
  'open_licenses',
  {
    id: id(),
    appId: integer('app_id').notNull(),
    tenantId: integer('tenant_id').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    expiresAt: ts('expires_at'),
    state: text('state').notNull().default('active'),
    grantedBy: integer('granted_by'),
    grantedAt: ts('granted_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    revokedBy: integer('revoked_by'),
    remark: text('remark'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('open_licenses_app_tenant_uq').on(t.appId, t.tenantId),
    index('open_licenses_tenant_idx').on(t.tenantId),
  ],
);

/**
 * Operator limits: scope 'app' (app_id; null app_id = the default for every app), 'enterprise' (tenant_id;
 * null = default per enterprise), 'api' (operation; app_id optional: that app on that API). `points` calls per
 * `window_seconds`. State 'enabled' | 'disabled'. Without a row the gateway's built-in defaults apply.
 */
export const openRateLimits = pgTable(
  'open_rate_limits',
  {
    id: id(),
    scope: text('scope').notNull(),
    appId: integer('app_id'),
    tenantId: integer('tenant_id'),
    operation: text('operation'),
    points: integer('points').notNull(),
    windowSeconds: integer('window_seconds').notNull().default(1),
    state: text('state').notNull().default('enabled'),
    remark: text('remark'),
    createdAt: createdAt(),
    createdBy: integer('created_by'),
    updatedAt: updatedAt(),
  },
  (t) => [index('open_rate_limits_scope_idx').on(t.scope)],
);

/**
 * One row per open-API call (refused ones too): who, for whom, what, how it ended. Never the secret or the body.
 * app_id / tenant_id are null when the call was refused before they were known.
 */
export const openCallLogs = pgTable(
  'open_call_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: ts('at').notNull().defaultNow(),
    appId: integer('app_id'),
    appKey: text('app_key'),
    tenantId: integer('tenant_id'),
    operation: text('operation'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    httpStatus: integer('http_status').notNull(),
    /** The envelope code ('OK' or an openErrorCatalogue code). */
    code: text('code').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    requestId: text('request_id').notNull(),
    ip: text('ip'),
    /** 'hmac' | 'token' | null (refused before auth was known) */
    authMode: text('auth_mode'),
  },
  (t) => [
    index('open_call_logs_at_idx').on(t.at),
    index('open_call_logs_request_idx').on(t.requestId),
    index('open_call_logs_app_at_idx').on(t.appId, t.at),
    index('open_call_logs_tenant_at_idx').on(t.tenantId, t.at),
  ],
);

/** Client-credentials tokens of open apps (2 h); only the SHA-256 is stored. */
export const openAccessTokens = pgTable(
  'open_access_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    appId: integer('app_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('open_access_tokens_hash_uq').on(t.tokenHash),
    index('open_access_tokens_app_idx').on(t.appId),
  ],
);
