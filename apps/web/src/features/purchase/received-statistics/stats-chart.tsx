import type { ReceivedStatsGroup, ReceivedStatsRow } from '@fpy/contracts';
import { formatYuan } from '@fpy/domain';
import { theme } from 'antd';
import { PieChart } from 'echarts/charts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, registerCharts } from '../../../lib/chart.tsx';

// The pies on top of the shared setup; the page loads this module lazily, so the shell never carries echarts.
registerCharts([PieChart]);

const TOP = 10;
// Chart values only: fen → yuan through the shared formatter, never by float division.
const yuan = (v: number) => Number(formatYuan(v));

type Label = (r: ReceivedStatsRow) => string;

function optionFor(
  groupBy: ReceivedStatsGroup,
  rows: ReceivedStatsRow[],
  label: Label,
  t: (k: string) => string,
  colours: string[],
) {
  if (groupBy === 'rate' || groupBy === 'type' || groupBy === 'state') {
    // Rates and types share 价税合计; states share the count (a red-lettered invoice's money is not "its" state's).
    const byCount = groupBy === 'state';
    return {
      color: colours,
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0 },
      series: [
        {
          name: t(byCount ? 'purchaseStats.series.count' : 'purchaseStats.series.total'),
          type: 'pie',
          radius: ['35%', '65%'],
          data: rows
            .filter((r) => (byCount ? r.count : r.totalFen) > 0)
            .map((r) => ({ name: label(r), value: byCount ? r.count : yuan(r.totalFen) })),
        },
      ],
    };
  }
  const shown = groupBy === 'seller' ? rows.slice(0, TOP) : rows;
  return {
    color: colours,
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 72, right: 56, top: 24, bottom: groupBy === 'period' ? 56 : 96 },
    xAxis: {
      type: 'category',
      data: shown.map(label),
      axisLabel: { interval: 0, rotate: groupBy === 'period' ? 0 : 20, width: 120, overflow: 'truncate' },
    },
    yAxis: [
      { type: 'value', name: '' },
      { type: 'value', name: '', minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      {
        name: t('purchaseStats.series.amount'),
        type: 'bar',
        stack: 'sum',
        data: shown.map((r) => yuan(r.amountFen)),
      },
      {
        name: t('purchaseStats.series.specialTax'),
        type: 'bar',
        stack: 'sum',
        data: shown.map((r) => yuan(r.special.taxFen)),
      },
      {
        name: t('purchaseStats.series.ordinaryTax'),
        type: 'bar',
        stack: 'sum',
        data: shown.map((r) => yuan(r.ordinary.taxFen)),
      },
      {
        name: t('purchaseStats.series.count'),
        type: 'line',
        yAxisIndex: 1,
        data: shown.map((r) => r.count),
      },
    ],
  };
}

/**
 * By 属期 or top suppliers: 金额 with 专票 / 普票 税额 stacked, the count as a line; rates and types as a pie of
 * 价税合计, states as a pie of counts.
 */
export default function StatsChart({
  groupBy,
  rows,
  label,
}: {
  groupBy: ReceivedStatsGroup;
  rows: ReceivedStatsRow[];
  label: Label;
}) {
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
    return optionFor(groupBy, rows, label, t, colours);
  }, [groupBy, rows, label, token, t]);

  return <EChart option={option} notMerge height={340} className="received-stats-chart" />;
}
