import { theme } from 'antd';
import { useMemo } from 'react';
import { EChart } from '../../../../lib/chart.tsx';
import { thousands } from '../../../../lib/format.ts';
import { useCardText, valueText } from './card-text.ts';
import type { TrendCard } from './trend-card.tsx';

// Loaded lazily by trend-card.tsx, with the shared ECharts setup (lib/chart.tsx).

/** Series of a trend card: bars per month, a line per day. Money is plotted in yuan, labelled from exact fen. */
export default function TrendChart({ card }: { card: TrendCard }) {
  const text = useCardText(card.id);
  const { token } = theme.useToken();

  const option = useMemo(() => {
    const scale = card.unit === 'fen' ? 100 : 1;
    const exact = new Map(card.series.map((s) => [text(s.key), s.values]));
    return {
      color: [token.colorPrimary, token.colorWarning, token.colorSuccess],
      legend: { top: 0, textStyle: { color: token.colorTextSecondary } },
      tooltip: {
        trigger: 'axis',
        valueFormatter: undefined,
        formatter: (params: { seriesName: string; dataIndex: number; marker: string; axisValue: string }[]) =>
          [
            params[0]?.axisValue,
            ...params.map(
              (p) =>
                `${p.marker}${p.seriesName} ${valueText(card.unit, exact.get(p.seriesName)?.[p.dataIndex] ?? 0)}`,
            ),
          ].join('<br/>'),
      },
      grid: { left: 64, right: 16, top: 36, bottom: 32 },
      xAxis: {
        type: 'category',
        data: card.categories,
        axisLabel: { color: token.colorTextSecondary },
      },
      yAxis: {
        type: 'value',
        axisLabel: { color: token.colorTextSecondary, formatter: (v: number) => thousands(v) },
      },
      series: card.series.map((s) => ({
        name: text(s.key),
        type: card.granularity === 'month' ? 'bar' : 'line',
        smooth: true,
        data: s.values.map((v) => v / scale),
      })),
    };
  }, [card, token, text]);

  return <EChart option={option} height={300} className="trend-chart" testId="trend-chart" />;
}
