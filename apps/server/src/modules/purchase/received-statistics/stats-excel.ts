import type { ReceivedStatsGroup, ReceivedStatsReply, ReceivedStatsRow } from '@fpy/contracts';
import { formatYuan } from '@fpy/domain';
import type { ExcelColumn } from '../../../lib/excel.ts';

const GROUP_HEADER: Record<ReceivedStatsGroup, string> = {
  period: '属期',
  seller: '销售方',
  rate: '税率',
  type: '发票类型',
  state: '发票状态',
};
export const GROUP_SHEET: Record<ReceivedStatsGroup, string> = {
  period: '按属期',
  seller: '按销售方',
  rate: '按税率',
  type: '按发票类型',
  state: '按发票状态',
};

// Yuan as numbers so finance can sum the sheet; formatYuan does the fen → yuan step exactly.
const yuan = (v: number) => Number(formatYuan(v));

export function statsColumns(groupBy: ReceivedStatsGroup): ExcelColumn<ReceivedStatsRow>[] {
  return [
    { key: 'label', header: GROUP_HEADER[groupBy], width: groupBy === 'seller' ? 36 : 26 },
    ...(groupBy === 'seller' ? [{ key: 'key', header: '销售方税号', width: 24 }] : []),
    { key: 'count', header: '发票份数', width: 10 },
    { key: 'amountFen', header: '金额（元）', width: 16, value: (r) => yuan(r.amountFen) },
    { key: 'taxFen', header: '税额（元）', width: 16, value: (r) => yuan(r.taxFen) },
    { key: 'totalFen', header: '价税合计（元）', width: 18, value: (r) => yuan(r.totalFen) },
    { key: 'specialCount', header: '专票份数', width: 10, value: (r) => r.special.count },
    { key: 'specialTax', header: '专票税额（元）', width: 16, value: (r) => yuan(r.special.taxFen) },
    { key: 'ordinaryCount', header: '普票份数', width: 10, value: (r) => r.ordinary.count },
    { key: 'ordinaryTax', header: '普票税额（元）', width: 16, value: (r) => yuan(r.ordinary.taxFen) },
    { key: 'digitalCount', header: '数电票份数', width: 12, value: (r) => r.digital.count },
    { key: 'legacyCount', header: '税控发票份数', width: 12, value: (r) => r.legacy.count },
    { key: 'normal', header: '正常', width: 8, value: (r) => r.states.normal },
    { key: 'red', header: '已红冲', width: 8, value: (r) => r.states.red },
    { key: 'voided', header: '已作废', width: 8, value: (r) => r.states.voided },
    { key: 'abnormal', header: '异常', width: 8, value: (r) => r.states.abnormal },
    {
      key: 'deductibleTaxFen',
      header: '正常专票税额（元）',
      width: 18,
      value: (r) => yuan(r.deductibleTaxFen),
    },
  ];
}

/** The rows plus a 合计 row, as the page's table shows them. */
export function withTotalsRow(stats: ReceivedStatsReply): ReceivedStatsRow[] {
  return [...stats.rows, { key: '', label: '合计', ...stats.totals }];
}
