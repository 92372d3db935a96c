import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.ts';

/**
 * Delivery of issued invoices to their buyers (issue 14): providers, templates, the delivery records with their
 * receipts, short links, the SMS quota and the SMS controls. Channels are 'sms' and 'email'.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An SMS or e-mail provider account. tenant_id null = a platform account (used by every tenant without its own);
 * a tenant's own accounts (企业邮箱, enterpriseMail) come first for that tenant. `kind`: sandbox | smtp | aliyun |
 * tencent. Among enabled accounts of a channel, a lower `priority` is tried first; equal priorities share traffic
 * by `weight`. `config` holds the protocol settings including secrets; the API never returns a secret unmasked.
 */
export const messageProviders = pgTable(
  'message_providers',
  {
    id: id(),
    tenantId: integer('tenant_id'),
    channel: text('channel').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    priority: integer('priority').notNull().default(10),
    weight: integer('weight').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    config: jsonb('config').notNull().default({}),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('message_providers_channel_idx').on(t.channel, t.tenantId)],
);

/**
 * A message template (短信/邮件模板). tenant_id null = the platform default of its scene. `body` (and `subject` for
 * e-mail) use {{variable}} placeholders (buyerName, invoiceNumber, amount, issueDate, sellerName, link, …).
 * `providerCode` is the template code the SMS provider approved (阿里云 SMS_xxx, 腾讯云 template id);
 * `signName` the approved 签名, when it differs from the tenant's.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: id(),
    tenantId: integer('tenant_id'),
    channel: text('channel').notNull(),
    scene: text('scene').notNull().default('invoice_delivery'),
    name: text('name').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    providerCode: text('provider_code'),
    signName: text('sign_name'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('message_templates_scene_idx').on(t.channel, t.scene, t.tenantId)],
);

/**
 * One delivery of one invoice over one channel to one recipient. Idempotent on (invoice, channel, recipient,
 * seq): an automatic or repeated request finds the existing row; an explicit resend takes the next seq and is
 * recorded with its user. status: queued → sending → accepted → delivered | failed; retrying between attempts after
 * a temporary failure (error_* = the last reason, next_attempt_at); dead when the retry horizon ran out (dead
 * letter, `error_message` says why); skipped when a control refused it before any provider was called.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: id(),
    tenantId: tenantId(),
    invoiceId: integer('invoice_id').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    seq: integer('seq').notNull().default(0),
    trigger: text('trigger').notNull().default('auto'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    providerId: integer('provider_id'),
    providerKind: text('provider_kind'),
    providerMessageId: text('provider_message_id'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    subject: text('subject'),
    body: text('body'),
    shortCode: text('short_code'),
    /**
     * SMS segments billed: written only when a provider accepted the message (0 for e-mail and for a message no
     * provider accepted, whose quota was given back). The one figure records, statistics and the bill sum.
     */
    units: integer('units').notNull().default(0),
    /** While status is 'retrying': when the next attempt is due (the retry sweep and the delayed job read it). */
    nextAttemptAt: ts('next_attempt_at'),
    /**
     * The accounts the last attempt tried before it ended, in order: [{ providerId, providerKind, code, message }].
     * On an accepted record: the accounts that failed before the one that sent it (the failover reason); on a
     * failed or given-up record: every account tried, with its reason.
     */
    tried: jsonb('tried'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    acceptedAt: ts('accepted_at'),
    deliveredAt: ts('delivered_at'),
    failedAt: ts('failed_at'),
  },
  (t) => [
    uniqueIndex('deliveries_idem_idx').on(t.invoiceId, t.channel, t.recipient, t.seq),
    index('deliveries_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('deliveries_created_idx').on(t.createdAt),
    index('deliveries_provider_msg_idx').on(t.providerMessageId),
    index('deliveries_retry_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'retrying'`),
  ],
);

/**
 * What happened to a delivery, in order: attempt, accepted, delivered, failed, bounced, dead, resend, skipped.
 * Receipts (状态报告) from providers land here with the provider's code; the state-report pages read it.
 */
export const deliveryEvents = pgTable(
  'delivery_events',
  {
    id: id(),
    tenantId: tenantId(),
    deliveryId: integer('delivery_id').notNull(),
    channel: text('channel').notNull(),
    kind: text('kind').notNull(),
    providerId: integer('provider_id'),
    code: text('code'),
    message: text('message'),
    /**
     * What kind of failure `code`/`message` are (@fpy/domain classifyDeliveryFailure: tls, auth, refused,
     * timeout, recipient …), written with the event: pages and exports show the kind in the user's language,
     * the raw protocol text behind it. Null for events that are not failures.
     */
    failureKind: text('failure_kind'),
    createdAt: createdAt(),
  },
  (t) => [
    index('delivery_events_delivery_idx').on(t.deliveryId),
    index('delivery_events_created_idx').on(t.createdAt),
  ],
);

/**
 * The buyer's short link (/invoicePlat/shorturl): `code` is at least 64 bits of randomness (base62, 12+
 * characters), so links cannot be enumerated. Opens are counted; past `expires_at` the link shows its expired page.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    code: text('code').primaryKey(),
    tenantId: tenantId(),
    invoiceId: integer('invoice_id').notNull(),
    /** A batch link (/allEleBatchSmsLink): every invoice it opens, `invoice_id` being the first; null for one invoice. */
    invoiceIds: jsonb('invoice_ids').$type<number[]>(),
    deliveryId: integer('delivery_id'),
    /** Set when an operator disables the link before it expires. */
    disabledAt: ts('disabled_at'),
    expiresAt: ts('expires_at'),
    opens: integer('opens').notNull().default(0),
    lastOpenedAt: ts('last_opened_at'),
    /** When the buyer renewed the expired link (/smsExtend); a link is renewed at most once. */
    renewedAt: ts('renewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('short_links_invoice_idx').on(t.invoiceId),
    index('short_links_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);

/** A tenant's SMS balance (短信余量) in messages. The check keeps it from going below zero whatever the race. */
export const smsBalances = pgTable(
  'sms_balances',
  {
    tenantId: integer('tenant_id').primaryKey(),
    balance: integer('balance').notNull().default(0),
    /** Warn the tenant's admins when the balance falls below this. */
    warnBelow: integer('warn_below').notNull().default(100),
    used: integer('used').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('sms_balances_non_negative', sql`${t.balance} >= 0`)],
);

/** A recharge (充值记录) recorded by a platform admin: `amount` messages, optionally what was paid in fen. */
export const smsRecharges = pgTable(
  'sms_recharges',
  {
    id: id(),
    tenantId: tenantId(),
    amount: integer('amount').notNull(),
    paidFen: integer('paid_fen'),
    balanceAfter: integer('balance_after').notNull(),
    remark: text('remark'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('sms_recharges_tenant_idx').on(t.tenantId, t.createdAt)],
);

/**
 * SMS blacklist and whitelist (smsControlList, /invoicePlat/smsWhite). tenant_id null = platform-wide. A
 * blacklisted number is never sent to; a whitelisted one skips the frequency limits (not the blacklist).
 */
export const smsControlEntries = pgTable(
  'sms_control_entries',
  {
    id: id(),
    tenantId: integer('tenant_id'),
    kind: text('kind').notNull(),
    mobile: text('mobile').notNull(),
    remark: text('remark'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_control_mobile_idx').on(t.mobile, t.kind),
    // A number is on a list once per owner; NULLS NOT DISTINCT so the platform's entries (tenant_id null) count too.
    unique('sms_control_owner_kind_mobile_uq').on(t.tenantId, t.kind, t.mobile).nullsNotDistinct(),
  ],
);

/**
 * Frequency limits (smsControlManage): tenant_id null = the platform default, a tenant row overrides it.
 * Zero means no limit.
 */
export const smsLimits = pgTable('sms_limits', {
  id: id(),
  tenantId: integer('tenant_id').unique(),
  perNumberPerMinute: integer('per_number_per_minute').notNull().default(1),
  perNumberPerHour: integer('per_number_per_hour').notNull().default(5),
  perNumberPerDay: integer('per_number_per_day').notNull().default(10),
  perTenantPerDay: integer('per_tenant_per_day').notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * A tenant's parameter settings by key (企业参数设置): 'delivery' (auto-send, link lifetime, attachment limit —
 * zzsdzfp), 'sms' (签名), 'codeCardPage', 'companyInfo', …; each key's value shape is its contract's.
 */
export const tenantParameters = pgTable(
  'tenant_parameters',
  {
    tenantId: integer('tenant_id').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

/**
 * 发票分类 (/invoicePlat/invoiceClassify): a tenant's own categories for its issued invoices (e.g. 货物销售,
 * 服务费, 租金), with a short code unique within the tenant, for filing and reports. A plain resource.
 */
export const invoiceCategories = pgTable(
  'invoice_categories',
  {
    id: id(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    remark: text('remark'),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('invoice_categories_tenant_code_uq').on(t.tenantId, t.code)],
);
