import { smsBalances } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { holds, registerDashboardCard } from '../../platform/base/index.ts';

/**
 * 首页 low-balance warning: the company's SMS balance as a to-do item — warning below its warn_below level,
 * danger at 0 — linked to 短信余量. Left out for a company that has no balance row (it never had SMS).
 */
export function registerSmsBalanceCard() {
  registerDashboardCard({
    id: 'sms-balance',
    area: 'delivery',
    audience: 'tenant',
    permission: ['salesInvoiceQuery:btn_deliver', 'smsMargin'],
    order: 40,
    async load(ctx) {
      if (ctx.actor.tenantId === null) return null;
      const [row] = await ctx.db
        .select()
        .from(smsBalances)
        .where(eq(smsBalances.tenantId, ctx.actor.tenantId))
        .limit(1);
      if (!row) return null;
      const tone = row.balance <= 0 ? 'danger' : row.balance < row.warnBelow ? 'warning' : 'normal';
      return {
        kind: 'todos',
        items: [
          {
            key: 'balance',
            unit: 'count',
            value: row.balance,
            tone,
            // Only for those who may open 短信余量; the others see the figure and its colour.
            ...(holds(ctx, 'smsMargin') ? { link: { path: '/smsMessage/smsMargin' } } : {}),
          },
        ],
      };
    },
  });
}
