import type { StatsGroup, StatsReply, StatsRow } from '@fpy/contracts';
import { formatYuan } from '@fpy/domain';
import type { ExcelColumn } from '../../../lib/excel.ts';

const GROUP_HEADER: Record<StatsGroup, string> = {
  month: '月份',
  type: '发票类型',
  rate: '税率',
  buyer: '购买方',
};
export const GROUP_SHEET: Record<StatsGroup, string> = {
  month: '按月份',
  type: '按发票类型',
  rate: '按税率',
  buyer: '按购买方',
};

// Yuan as numbers so finance can sum the sheet; formatYuan does the fen → yuan step exactly.
const yuan = (v: number) => Number(formatYuan(v));

export function statsColumns(groupBy: StatsGroup): ExcelColumn<StatsRow>[] {
  return [
    { key: 'label', header: GROUP_HEADER[groupBy], width: groupBy === 'buyer' ? 36 : 28 },
    ...(groupBy === 'buyer'
      ? [
          {
            key: 'key',
            header: '纳税人识别号',
            width: 24,
            // A buyer without a tax number (a natural person) is keyed by its name.
            value: (r: StatsRow) => (r.key === r.label ? '' : r.key),
          },
        ]
      : []),
    { key: 'count', header: '发票份数', width: 10 },
    { key: 'redCount', header: '其中红字发票', width: 12 },
    { key: 'amountFen', header: '金额（元）', width: 16, value: (r) => yuan(r.amountFen) },
    { key: 'taxFen', header: '税额（元）', width: 16, value: (r) => yuan(r.taxFen) },
    { key: 'totalFen', header: '价税合计（元）', width: 18, value: (r) => yuan(r.totalFen) },
  ];
}

/** The rows plus a 合计 row, as the page's table shows them. */
export function withTotalsRow(stats: StatsReply): StatsRow[] {
  return [...stats.rows, { key: stats.groupBy === 'buyer' ? '' : '合计', label: '合计', ...stats.totals }];
}
