import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.ts';

/**
 * 电子发票卡包 (issue 30 §1, lane WALLETS): WeChat Pay and Alipay fapiao card bags. Written by
 * modules/self-service/wallets only.
 *
 * wallet_accounts — a tenant's accounts per platform (/systemSetupManager/wxSet 微信, zfbSet 支付宝), tried in
 * priority order on the gateway kit; `config` is the platform's settings (contracts self-service/wallets.ts),
 * secrets masked in every answer. `config.sandbox` true = the platform's test channel (the embedded sandbox).
 */
export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: id(),
    tenantId: tenantId(),
    /** wechat | alipay */
    platform: text('platform').notNull(),
    name: text('name').notNull(),
    priority: integer('priority').notNull().default(10),
    weight: integer('weight').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('wallet_accounts_tenant_idx').on(t.tenantId, t.platform, t.priority)],
);

/**
 * wallet_cards — one insertion of an issued invoice into a buyer's card bag (/systemSetupManager/wechatList,
 * alipayList). state: pending (asked, the platform has not answered) → inserted | failed; inserted → deleted
 * (the buyer removed it from the bag). A failed one may be retried (retries + 1, a new outbox task).
 * - ref: our unguessable reference sent to the platform (out_trade_no / 商户卡券号), the callback names it.
 * - buyerRef: the buyer's id at the platform (openid / user id), unique per invoice and platform.
 * - accountId: the account that accepted it (0 = the embedded sandbox); tried: the kit's per-call log.
 */
export const walletCards = pgTable(
  'wallet_cards',
  {
    id: id(),
    tenantId: tenantId(),
    platform: text('platform').notNull(),
    invoiceId: integer('invoice_id').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    buyerName: text('buyer_name').notNull().default(''),
    totalFen: integer('total_fen').notNull().default(0),
    buyerRef: text('buyer_ref').notNull(),
    ref: text('ref').notNull(),
    state: text('state').notNull().default('pending'),
    cardId: text('card_id'),
    accountId: integer('account_id'),
    accountKind: text('account_kind'),
    failCode: text('fail_code'),
    failReason: text('fail_reason'),
    tried: jsonb('tried'),
    retries: integer('retries').notNull().default(0),
    insertedAt: timestamp('inserted_at', { withTimezone: true, mode: 'date' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('wallet_cards_ref_uq').on(t.ref),
    uniqueIndex('wallet_cards_buyer_uq').on(t.tenantId, t.platform, t.invoiceId, t.buyerRef),
    index('wallet_cards_tenant_idx').on(t.tenantId, t.platform, t.id),
  ],
);

/**
 * wallet_notices — every verified callback once (platform + the notice's own id): the same notification twice
 * finds its row and changes nothing.
 */
export const walletNotices = pgTable(
  'wallet_notices',
  {
    id: id(),
    platform: text('platform').notNull(),
    noticeId: text('notice_id').notNull(),
    cardRef: text('card_ref').notNull(),
    event: text('event').notNull(),
    accountId: integer('account_id').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('wallet_notices_uq').on(t.platform, t.noticeId)],
);
