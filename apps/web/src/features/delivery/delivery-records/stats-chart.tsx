import type { DeliveryStatsReply } from '@fpy/contracts';
import { theme } from 'antd';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

// Only the pieces this chart uses; the page loads this module lazily, so the shell never carries echarts.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Per day: sent (accepted by a provider) as bars, delivered and failed as lines. */
export default function StatsChart({ days }: { days: DeliveryStatsReply['days'] }) {
  const { t } = useTranslation();
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
    chart.current?.setOption(
      {
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
      },
      { notMerge: true },
    );
  }, [days, token, t]);

  return <div ref={ref} className="delivery-stats-chart" style={{ width: '100%', height: 320 }} />;
}
