import { registerDashboardCard } from '../../../platform/base/index.ts';
import { issuedCard } from './figures.ts';
import { platformIssuingCard } from './platform.ts';
import { recentCard } from './recent.ts';
import { salesTodosCard, TODO_CODES } from './todos.ts';
import { trendCard } from './trend.ts';

/**
 * The sales area's 首页 cards (issue 13 §5), registered with the dashboard's registry when this module registers.
 * Company users see their own company (the shared tenant scope); platform accounts see every tenant.
 */
export function registerInvoiceStatsDashboardCards() {
  registerDashboardCard({
    id: 'sales-issued',
    area: 'sales',
    audience: 'tenant',
    permission: 'invoiceStatistic',
    order: 10,
    load: (ctx) => issuedCard(ctx),
  });
  registerDashboardCard({
    id: 'sales-todos',
    area: 'sales',
    audience: 'tenant',
    permission: Object.values(TODO_CODES).flat(),
    order: 20,
    load: (ctx) => salesTodosCard(ctx),
  });
  registerDashboardCard({
    id: 'sales-recent',
    area: 'sales',
    audience: 'tenant',
    permission: 'salesInvoiceQuery',
    order: 30,
    load: recentCard,
  });
  registerDashboardCard({
    id: 'sales-trend',
    area: 'sales',
    audience: 'tenant',
    permission: 'invoiceStatistic',
    order: 40,
    load: (ctx) => trendCard(ctx),
  });
  registerDashboardCard({
    id: 'platform-issuing',
    area: 'sales',
    audience: 'platform',
    permission: 'invoiceStatistic',
    order: 20,
    load: (ctx) => platformIssuingCard(ctx),
  });
}
