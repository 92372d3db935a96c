import type { DashboardCard } from '@fpy/contracts';
import { Card, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkTo, useCardText } from './card-text.ts';

export type TrendCard = Extract<DashboardCard, { kind: 'trend' }>;

// echarts is the heaviest thing on the page: it loads after the figures are on screen, in its own chunk.
const TrendChart = lazy(() => import('./trend-chart.tsx'));

export function TrendCardView({ card }: { card: TrendCard }) {
  const text = useCardText(card.id);
  const { t } = useTranslation();
  return (
    <Card
      title={text('title')}
      extra={card.link ? <Link to={linkTo(card.link)}>{t('dashboard.more')}</Link> : undefined}
      data-card={card.id}
    >
      <Suspense fallback={<Skeleton active />}>
        <TrendChart card={card} />
      </Suspense>
    </Card>
  );
}
