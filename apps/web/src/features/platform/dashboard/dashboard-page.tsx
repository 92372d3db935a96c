import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan, useProfile } from '../../../lib/permission.tsx';
import { CardGrid } from './cards/card-grid.tsx';
import { dashboardCardsQuery } from './dashboard-api.ts';

// Platform accounts that may read the gate log also get its request chart and lines; nobody else loads that code.
const OperatorPanel = lazy(() => import('./operator-panel.tsx'));

/**
 * 首页 (issue 13 §5): what needs the user today. The server answers the cards the user may see, registered by
 * each product area; this page only renders them by kind (cards/).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const { data, isLoading } = useQuery(dashboardCardsQuery);
  // The panel's data is the gate log's: shown with that page's code, as the server asks (getDashboard).
  const readsGateLog = useCan('gateLogManager');

  return (
    <div className="dashboard-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('dashboard.welcome', { name: profile?.name || profile?.username || '' })}
        {profile?.companyName ? ` · ${profile.companyName}` : ''}
      </Typography.Title>
      {isLoading ? (
        <Skeleton active />
      ) : data?.cards.length ? (
        <CardGrid cards={data.cards} />
      ) : (
        data?.audience !== 'platform' && <Empty description={t('dashboard.noCards')} />
      )}
      {data?.audience === 'platform' && readsGateLog && (
        <Suspense fallback={<Skeleton active />}>
          <OperatorPanel />
        </Suspense>
      )}
    </div>
  );
}
