import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';

/**
 * The console's one ECharts setup (issue 29 §4): the pieces every chart uses registered once, and a component
 * that builds the instance, follows its box's size and disposes it. Only lazily loaded chart modules import
 * this file, so the shell never carries echarts. A chart needing more (a pie) registers it with `registerCharts`.
 */
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export const registerCharts: typeof echarts.use = (parts) => echarts.use(parts);

export type ChartOption = echarts.EChartsCoreOption;

/**
 * One chart. `option` is applied whenever its identity changes (build it in useMemo from what it depends on);
 * `notMerge` replaces the previous option instead of merging into it (series that come and go).
 */
export function EChart({
  option,
  notMerge = false,
  height,
  className,
  testId,
}: {
  option: ChartOption;
  notMerge?: boolean;
  height: number;
  className?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

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
    chart.current?.setOption(option, { notMerge });
  }, [option, notMerge]);

  const style: CSSProperties = { width: '100%', height };
  return <div ref={ref} className={className} data-testid={testId} style={style} />;
}
