import {
  exportReceivedStats,
  getReceivedStats,
  RECEIVED_STATES,
  RECEIVED_STATS_MAX_MONTHS,
  type ReceivedStatsFigures,
  type ReceivedStatsGroup,
  type ReceivedStatsRow,
} from '@fpy/contracts';
import { type InvoiceType, isInvoiceType } from '@fpy/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Segmented, Select, Table, type TableColumnsType, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatsScaffold } from '../../../crud/stats-scaffold.tsx';
import { invoiceTypeName, invoiceTypeOptions } from '../../../entities/invoice/invoice-type.ts';
import { fen } from '../../../entities/invoice/money.ts';
import { call, download } from '../../../lib/http.ts';

// ECharts loads with the chart, after the table: the page's own chunk stays small and the shell never sees it.
const StatsChart = lazy(() => import('./stats-chart.tsx'));

const GROUPS: ReceivedStatsGroup[] = ['period', 'seller', 'rate', 'type', 'state'];
const PERIOD = 'YYYYMM';

/** One leaf column of the table and the 合计 row: a figure of a row. */
interface Leaf {
  key: string;
  title: string;
  value: (f: ReceivedStatsFigures) => number;
  money?: boolean;
  strong?: boolean;
}

function presets(t: (k: string) => string) {
  const month = dayjs().startOf('month');
  return [
    { label: t('purchaseStats.preset.thisMonth'), value: [month, month] as [Dayjs, Dayjs] },
    {
      label: t('purchaseStats.preset.lastQuarter'),
      value: [month.subtract(2, 'month'), month] as [Dayjs, Dayjs],
    },
    {
      label: t('purchaseStats.preset.lastSixMonths'),
      value: [month.subtract(5, 'month'), month] as [Dayjs, Dayjs],
    },
    { label: t('purchaseStats.preset.thisYear'), value: [dayjs().startOf('year'), month] as [Dayjs, Dayjs] },
  ];
}

/**
 * Spec §2.12 /receiptsInvoice/jxFptj (进项发票统计): the company's received invoices by 属期, supplier, rate,
 * invoice type or state — counts, 金额, 税额, 价税合计, split into 专票 / 普票, 数电 / 税控 and the four states —
 * filtered by 属期 range, supplier, type, 票种 and state; a chart, the table with a 合计 row, Excel export.
 */
export default function ReceivedStatsPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(5, 'month').startOf('month'),
    dayjs().startOf('month'),
  ]);
  const [groupBy, setGroupBy] = useState<ReceivedStatsGroup>('period');
  const [seller, setSeller] = useState('');
  const [type, setType] = useState<InvoiceType | undefined>();
  const [category, setCategory] = useState<'special' | 'ordinary' | undefined>();
  const [state, setState] = useState<(typeof RECEIVED_STATES)[number] | undefined>();
  const query = {
    periodFrom: range[0].format(PERIOD),
    periodTo: range[1].format(PERIOD),
    groupBy,
    ...(seller ? { seller } : {}),
    ...(type ? { type } : {}),
    ...(category ? { category } : {}),
    ...(state ? { state } : {}),
  };
  const { data, isLoading, isFetching } = useQuery({
    queryKey: ['purchase-received-stats', query],
    queryFn: ({ signal }) => call(getReceivedStats, { query, signal }),
    placeholderData: keepPreviousData,
  });

  const label = useCallback(
    (r: ReceivedStatsRow): string => {
      if (groupBy === 'type' && isInvoiceType(r.key)) return invoiceTypeName(t, r.key);
      if (groupBy === 'state') return t(`purchaseStats.state.${r.key}`, { defaultValue: r.label });
      if (groupBy === 'rate' && r.key === 'none') return t('purchaseStats.noRate');
      return r.label;
    },
    [groupBy, t],
  );

  const leaf = (key: string, value: Leaf['value'], more: Partial<Leaf> = {}): Leaf => ({
    key,
    title: t(`purchaseStats.column.${key}`),
    value,
    ...more,
  });
  const groups: { title?: string; leaves: Leaf[] }[] = [
    {
      leaves: [
        leaf('count', (f) => f.count),
        leaf('amount', (f) => f.amountFen, { money: true }),
        leaf('tax', (f) => f.taxFen, { money: true }),
        leaf('total', (f) => f.totalFen, { money: true, strong: true }),
      ],
    },
    {
      title: t('purchaseStats.column.special'),
      leaves: [
        leaf('specialCount', (f) => f.special.count),
        leaf('specialTax', (f) => f.special.taxFen, { money: true }),
      ],
    },
    {
      title: t('purchaseStats.column.ordinary'),
      leaves: [
        leaf('ordinaryCount', (f) => f.ordinary.count),
        leaf('ordinaryTax', (f) => f.ordinary.taxFen, { money: true }),
      ],
    },
    {
      title: t('purchaseStats.column.family'),
      leaves: [leaf('digitalCount', (f) => f.digital.count), leaf('legacyCount', (f) => f.legacy.count)],
    },
    {
      title: t('purchaseStats.column.states'),
      leaves: RECEIVED_STATES.map((s) => ({
        key: `state_${s}`,
        title: t(`purchaseStats.state.${s}`),
        value: (f: ReceivedStatsFigures) => f.states[s],
      })),
    },
    { leaves: [leaf('deductibleTax', (f) => f.deductibleTaxFen, { money: true })] },
  ];
  const show = (l: Leaf, f: ReceivedStatsFigures): ReactNode => (l.money ? fen(l.value(f)) : l.value(f));
  const leafColumn = (l: Leaf): TableColumnsType<ReceivedStatsRow>[number] => ({
    key: l.key,
    title: l.title,
    align: 'right' as const,
    width: l.money ? 130 : 90,
    render: (_: unknown, r: ReceivedStatsRow) => show(l, r),
  });
  const columns: TableColumnsType<ReceivedStatsRow> = [
    {
      key: 'label',
      title: t(`purchaseStats.column.${groupBy}`),
      fixed: 'left',
      width: groupBy === 'seller' ? 240 : 180,
      ellipsis: true,
      render: (_: unknown, r) => label(r),
    },
    ...(groupBy === 'seller'
      ? [
          {
            key: 'taxNumber' as const,
            title: t('purchaseStats.column.taxNumber'),
            dataIndex: 'key',
            width: 200,
          },
        ]
      : []),
    ...groups.flatMap(
      (g): TableColumnsType<ReceivedStatsRow> =>
        g.title
          ? [{ key: g.title, title: g.title, children: g.leaves.map(leafColumn) }]
          : g.leaves.map(leafColumn),
    ),
  ];
  const leaves = groups.flatMap((g) => g.leaves);
  const totals = data?.totals;
  const lead = groupBy === 'seller' ? 2 : 1;
  const hasData = !!data && data.totals.count > 0;

  return (
    <StatsScaffold
      rangeLabel={t('purchaseStats.range')}
      range={range}
      onRange={setRange}
      picker="month"
      presets={presets(t)}
      disabledDate={(d) => d.isAfter(dayjs().endOf('month'))}
      controls={
        <>
          <Input.Search
            allowClear
            placeholder={t('purchaseStats.sellerHint')}
            aria-label={t('purchaseStats.seller')}
            style={{ width: 220 }}
            maxLength={100}
            onSearch={(v) => setSeller(v.trim())}
          />
          <Select<InvoiceType>
            allowClear
            placeholder={t('purchaseStats.type')}
            aria-label={t('purchaseStats.type')}
            style={{ width: 220 }}
            value={type}
            onChange={setType}
            options={invoiceTypeOptions(t)}
          />
          <Select<'special' | 'ordinary'>
            allowClear
            placeholder={t('purchaseStats.category')}
            aria-label={t('purchaseStats.category')}
            style={{ width: 120 }}
            value={category}
            onChange={setCategory}
            options={[
              { value: 'special', label: t('purchaseStats.column.special') },
              { value: 'ordinary', label: t('purchaseStats.column.ordinary') },
            ]}
          />
          <Select<(typeof RECEIVED_STATES)[number]>
            allowClear
            placeholder={t('purchaseStats.stateFilter')}
            aria-label={t('purchaseStats.stateFilter')}
            style={{ width: 120 }}
            value={state}
            onChange={setState}
            options={RECEIVED_STATES.map((s) => ({ value: s, label: t(`purchaseStats.state.${s}`) }))}
          />
          <Segmented<ReceivedStatsGroup>
            value={groupBy}
            onChange={setGroupBy}
            options={GROUPS.map((g) => ({ value: g, label: t(`purchaseStats.group.${g}`) }))}
          />
        </>
      }
      exportCode="jxFptj:btn_export"
      exportLabel={t('purchaseStats.export')}
      onExport={() => void download(exportReceivedStats, { query }).catch(() => undefined)}
      hint={t('purchaseStats.hint', { max: RECEIVED_STATS_MAX_MONTHS })}
      chartTitle={t(`purchaseStats.chartTitle.${groupBy}`)}
      loading={isLoading}
      hasData={hasData}
      emptyText={t('purchaseStats.empty')}
      chart={() => data && <StatsChart groupBy={groupBy} rows={data.rows} label={label} />}
    >
      <Table<ReceivedStatsRow>
        rowKey="key"
        size="middle"
        bordered
        className="received-stats-table"
        loading={isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        summary={() =>
          totals ? (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={lead}>
                  <Typography.Text strong>{t('purchaseStats.totals')}</Typography.Text>
                </Table.Summary.Cell>
                {leaves.map((l, i) => (
                  <Table.Summary.Cell key={l.key} index={lead + i} align="right">
                    {l.strong ? <Typography.Text strong>{show(l, totals)}</Typography.Text> : show(l, totals)}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </StatsScaffold>
  );
}
