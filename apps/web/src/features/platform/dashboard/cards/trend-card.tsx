import type { DashboardCard } from '@fpy/contracts';
import { Card, Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkTo, useCardText } from './card-text.ts';

export type TrendCard = Extract<DashboardCard, { kind: 'trend' }>;

// echarts is the heaviest thing on the page (~180 KB gzip, more than the rest of the page): it loads in its own
// chunk once the card comes into view — below the fold it waits until the user scrolls to it.
const TrendChart = lazy(() => import('./trend-chart.tsx'));

/** True once the element has come into the viewport (and from then on). */
function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setSeen(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { threshold: 0 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen] as const;
}

export function TrendCardView({ card }: { card: TrendCard }) {
  const text = useCardText(card.id);
  const { t } = useTranslation();
  const [ref, seen] = useSeen<HTMLDivElement>();
  // The placeholder holds the chart's height, so nothing below it moves when the chart arrives.
  const placeholder = <Skeleton active paragraph={{ rows: 6 }} style={{ height: 300 }} />;
  return (
    <Card
      title={text('title')}
      extra={card.link ? <Link to={linkTo(card.link)}>{t('dashboard.more')}</Link> : undefined}
      data-card={card.id}
    >
      <div ref={ref}>
        {seen ? (
          <Suspense fallback={placeholder}>
            <TrendChart card={card} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </Card>
  );
}
