import type { DeliveryStatsReply } from '@fpy/contracts';
import { theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../lib/chart.tsx';

/** Per day: sent (accepted by a provider) as bars, delivered and failed as lines. */
export default function StatsChart({ days }: { days: DeliveryStatsReply['days'] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const option = useMemo(
    () => ({
      color: [token.colorPrimary, token.colorSuccess, token.colorError],
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 48, right: 24, top: 24, bottom: 56 },
      xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('deliveryStats.figure.sent'), type: 'bar', data: days.map((d) => d.sent) },
        { name: t('deliveryStats.figure.delivered'), type: 'line', data: days.map((d) => d.delivered) },
        { name: t('deliveryStats.figure.failed'), type: 'line', data: days.map((d) => d.failed) },
      ],
    }),
    [days, token, t],
  );

  return <EChart option={option} notMerge height={320} className="delivery-stats-chart" />;
}
