import { Button, Card, DatePicker, Empty, Skeleton, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, Suspense } from 'react';
import { Can } from '../lib/permission.tsx';

type Range = [Dayjs, Dayjs];

export interface StatsScaffoldProps {
  /** The label before the date range. */
  rangeLabel: string;
  range: Range;
  onRange: (range: Range) => void;
  presets: { label: ReactNode; value: Range }[];
  disabledDate?: (d: Dayjs) => boolean;
  /** `month`: the range picks whole months (a page counting by 属期). */
  picker?: 'date' | 'month';
  /** Controls after the range (a grouping switch). */
  controls?: ReactNode;
  exportCode: string;
  exportLabel: string;
  onExport: () => void;
  hint: string;
  chartTitle: ReactNode;
  /** First load: a skeleton instead of the chart. */
  loading: boolean;
  /** False: the empty message instead of the chart. */
  hasData: boolean;
  emptyText: string;
  /** The chart, usually lazy (ECharts loads with it, after the figures): shown under a Suspense skeleton. */
  chart: () => ReactNode;
  /** The table of figures under the chart. */
  children: ReactNode;
}

/**
 * The statistics page layout shared by every statistics page (issue 29 §4): a date range with presets and
 * the page's own controls, the export button behind its permission, a hint, the chart card (skeleton while the
 * first answer loads, empty message when nothing was counted), then the page's table.
 */
export function StatsScaffold(p: StatsScaffoldProps) {
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <span>{p.rangeLabel}</span>
        <DatePicker.RangePicker
          allowClear={false}
          presets={p.presets}
          value={p.range}
          disabledDate={p.disabledDate}
          picker={p.picker}
          onChange={(v) => v?.[0] && v[1] && p.onRange([v[0], v[1]])}
        />
        {p.controls}
        <Can code={p.exportCode}>
          <Button onClick={p.onExport}>{p.exportLabel}</Button>
        </Can>
      </Space>
      <Typography.Paragraph type="secondary">{p.hint}</Typography.Paragraph>
      <Card size="small" title={p.chartTitle} style={{ marginBottom: 16 }}>
        {p.loading ? (
          <Skeleton active />
        ) : p.hasData ? (
          <Suspense fallback={<Skeleton active />}>{p.chart()}</Suspense>
        ) : (
          <Empty description={p.emptyText} />
        )}
      </Card>
      {p.children}
    </Card>
  );
}
