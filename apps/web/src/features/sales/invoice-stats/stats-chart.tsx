import type { StatsGroup, StatsRow } from '@fpy/contracts';
import { formatYuan } from '@fpy/domain';
import { theme } from 'antd';
import { PieChart } from 'echarts/charts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, registerCharts } from '../../../lib/chart.tsx';

// The rates' pie on top of the shared setup; the page loads this module lazily, so the shell never carries echarts.
registerCharts([PieChart]);

const TOP = 10;
// Chart values only: fen → yuan through the shared formatter, never by float division.
const yuan = (v: number) => Number(formatYuan(v));

function optionFor(groupBy: StatsGroup, rows: StatsRow[], t: (k: string) => string, colours: string[]) {
  if (groupBy === 'rate')
    return {
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0 },
      series: [
        {
          name: t('invoiceStats.series.total'),
          type: 'pie',
          radius: ['35%', '65%'],
          data: rows.filter((r) => r.totalFen > 0).map((r) => ({ name: r.label, value: yuan(r.totalFen) })),
        },
      ],
    };
  const shown = groupBy === 'buyer' ? rows.slice(0, TOP) : rows;
  return {
    color: colours,
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 72, right: 56, top: 24, bottom: groupBy === 'month' ? 56 : 96 },
    xAxis: {
      type: 'category',
      data: shown.map((r) => r.label),
      axisLabel: { interval: 0, rotate: groupBy === 'month' ? 0 : 20, width: 120, overflow: 'truncate' },
    },
    yAxis: [
      { type: 'value', name: '' },
      { type: 'value', name: '', minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      {
        name: t('invoiceStats.series.amount'),
        type: 'bar',
        stack: 'sum',
        data: shown.map((r) => yuan(r.amountFen)),
      },
      {
        name: t('invoiceStats.series.tax'),
        type: 'bar',
        stack: 'sum',
        data: shown.map((r) => yuan(r.taxFen)),
      },
      {
        name: t('invoiceStats.series.count'),
        type: 'line',
        yAxisIndex: 1,
        data: shown.map((r) => r.count),
      },
    ],
  };
}

/** Bars (amount + tax stacked, count as a line) by month, type or top buyers; a pie of the rates. */
export default function StatsChart({ groupBy, rows }: { groupBy: StatsGroup; rows: StatsRow[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const option = useMemo(() => {
    const colours = [
      token.colorPrimary,
      token.colorWarning,
      token.colorSuccess,
      token.colorError,
      token.colorInfo,
    ];
    return optionFor(groupBy, rows, t, colours);
  }, [groupBy, rows, token, t]);

  return <EChart option={option} notMerge height={340} className="invoice-stats-chart" />;
}
