import { theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../lib/chart.tsx';

export interface HourCount {
  hour: number | string;
  count: number;
}

export function RequestsChart({ data }: { data: HourCount[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const option = useMemo(
    () => ({
      color: [token.colorPrimary],
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 16, top: 24, bottom: 32 },
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: data.map((d) =>
          typeof d.hour === 'number' ? `${String(d.hour).padStart(2, '0')}:00` : d.hour,
        ),
        axisLabel: { color: token.colorTextSecondary },
      },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { color: token.colorTextSecondary } },
      series: [
        {
          name: t('dashboard.requests'),
          type: 'line',
          smooth: true,
          areaStyle: { opacity: 0.15 },
          data: data.map((d) => d.count),
        },
      ],
    }),
    [data, token, t],
  );

  return <EChart option={option} height={300} className="requests-chart" />;
}
