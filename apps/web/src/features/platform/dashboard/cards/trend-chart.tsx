import { theme } from 'antd';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { thousands } from '../../../../lib/format.ts';
import { useCardText, valueText } from './card-text.ts';
import type { TrendCard } from './trend-card.tsx';

// Only the pieces this chart uses; loaded lazily by trend-card.tsx.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Series of a trend card: bars per month, a line per day. Money is plotted in yuan, labelled from exact fen. */
export default function TrendChart({ card }: { card: TrendCard }) {
  const text = useCardText(card.id);
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const { token } = theme.useToken();

  useEffect(() => {
    if (!ref.current) return;
    const instance = echarts.init(ref.current);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const scale = card.unit === 'fen' ? 100 : 1;
    const exact = new Map(card.series.map((s) => [text(s.key), s.values]));
    chart.current?.setOption({
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
    });
  }, [card, token, text]);

  return (
    <div ref={ref} className="trend-chart" data-testid="trend-chart" style={{ width: '100%', height: 300 }} />
  );
}
