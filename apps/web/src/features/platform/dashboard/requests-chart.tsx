import { theme } from 'antd';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

// Only the pieces this chart uses, so the dashboard chunk stays a fraction of the full echarts build.
echarts.use([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

export interface HourCount {
  hour: number | string;
  count: number;
}

export function RequestsChart({ data }: { data: HourCount[] }) {
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
    chart.current?.setOption({
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
    });
  }, [data, token, t]);

  return <div ref={ref} className="requests-chart" style={{ width: '100%', height: 300 }} />;
}
