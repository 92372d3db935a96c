import { randomBytes } from 'node:crypto';
import type { WalletCardState, WalletPlatform } from '@fpy/contracts';
import { type Db, invoices, users, walletAccounts, walletCards } from '@fpy/db';
import { and, desc, eq } from 'drizzle-orm';

const ACCOUNTS: { platform: WalletPlatform; name: string; config: Record<string, unknown> }[] = [
  {
    platform: 'wechat',
    name: '微信支付（测试通道）',
    config: {
      appId: 'wx8888888888888888',
      mchId: '1900000109',
      serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      endpoint: 'api.mch.weixin.qq.com',
      sandbox: true,
    },
  },
  {
    platform: 'alipay',
    name: '支付宝（测试通道）',
    config: { appId: '2021000122600000', endpoint: 'openapi.alipay.com', sandbox: true },
  },
];

const STATES: WalletCardState[] = ['inserted', 'pending', 'failed', 'deleted', 'inserted'];

/**
 * The demo company's card bags on a fresh start: one account per platform on the test channel (the sandbox serves
 * it, callbacks included) and insertions of its latest issued invoices in every state. Runs once (skips a company
 * that has accounts).
 */
export async function seedWalletDemo(db: Db, adminUsername: string) {
  const [admin] = await db.select().from(users).where(eq(users.username, adminUsername));
  const tenantId = admin?.tenantId;
  if (!tenantId) return;
  const [has] = await db
    .select({ id: walletAccounts.id })
    .from(walletAccounts)
    .where(eq(walletAccounts.tenantId, tenantId))
    .limit(1);
  if (has) return;
  const issued = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.status, 'issued'), eq(invoices.colour, 'blue')))
    .orderBy(desc(invoices.id))
    .limit(STATES.length * 2);
  const now = Date.now();
  for (const [p, a] of ACCOUNTS.entries()) {
    const [account] = await db
      .insert(walletAccounts)
      .values({ tenantId, platform: a.platform, name: a.name, priority: 10, config: a.config })
      .returning();
    const rows = issued.slice(p * STATES.length, (p + 1) * STATES.length).map((inv, i) => {
      const state = STATES[i];
      const at = new Date(now - (i + 1) * 3_600_000);
      return {
        tenantId,
        platform: a.platform,
        invoiceId: inv.id,
        invoiceNumber: inv.number ?? '',
        buyerName: inv.buyerName,
        totalFen: inv.totalFen,
        buyerRef: `demo${randomBytes(6).toString('hex')}`,
        ref: `fw${randomBytes(15).toString('hex')}`,
        state,
        // The pending one waits for its task (no account has taken it yet): the reconciliation sweep asks only
        // accepted cards, and the sandbox knows none of these, so an accepted one would turn failed.
        accountId: state === 'pending' ? null : account.id,
        accountKind: a.platform,
        cardId: state === 'inserted' || state === 'deleted' ? `sbx${randomBytes(8).toString('hex')}` : null,
        failCode: state === 'failed' ? 'USER_REFUSED' : null,
        failReason: state === 'failed' ? '买方拒绝了插卡授权' : null,
        insertedAt: state === 'inserted' || state === 'deleted' ? at : null,
        deletedAt: state === 'deleted' ? new Date(at.getTime() + 600_000) : null,
        createdAt: at,
      };
    });
    if (rows.length) await db.insert(walletCards).values(rows);
  }
}
