import { exportInvoiceStats, getInvoiceStats, type StatsGroup, type StatsRow } from '@fpy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Segmented, Table, type TableProps, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, datePresets } from '../../../lib/format.ts';
import { call, download } from '../../../lib/http.ts';
import { StatsScaffold } from '../../../crud/stats-scaffold.tsx';
import { fen } from '../../../entities/invoice/money.ts';

// ECharts loads with the chart, after the table: the page's own chunk stays small and the shell never sees it.
const StatsChart = lazy(() => import('./stats-chart.tsx'));

const GROUPS: StatsGroup[] = ['month', 'type', 'rate', 'buyer'];

function presets(t: (k: string) => string) {
  const today = dayjs().endOf('day');
  return [
    ...datePresets(),
    { label: t('invoiceStats.preset.thisMonth'), value: [dayjs().startOf('month'), today] as [Dayjs, Dayjs] },
    {
      label: t('invoiceStats.preset.lastSixMonths'),
      value: [dayjs().subtract(5, 'month').startOf('month'), today] as [Dayjs, Dayjs],
    },
    { label: t('invoiceStats.preset.thisYear'), value: [dayjs().startOf('year'), today] as [Dayjs, Dayjs] },
  ];
}

/** Spec §2.12 /outputInvoiceManager/invoiceStatistic: issued invoices by month, type, rate or buyer. */
export default function InvoiceStatsPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(5, 'month').startOf('month'),
    dayjs().endOf('day'),
  ]);
  const [groupBy, setGroupBy] = useState<StatsGroup>('month');
  const query = { dateFrom: range[0].format(DATE_FORMAT), dateTo: range[1].format(DATE_FORMAT), groupBy };
  const { data, isLoading, isFetching } = useQuery({
    queryKey: ['invoice-stats', query],
    queryFn: ({ signal }) => call(getInvoiceStats, { query, signal }),
    placeholderData: keepPreviousData,
  });

  const columns: TableProps<StatsRow>['columns'] = [
    { title: t(`invoiceStats.column.${groupBy}`), dataIndex: 'label', ellipsis: true },
    ...(groupBy === 'buyer'
      ? [
          {
            title: t('invoiceStats.column.taxNumber'),
            dataIndex: 'key',
            width: 200,
            // A buyer without a tax number (a natural person) is keyed by its name: no number to show.
            render: (v: string, r: StatsRow) => (v === r.label ? '' : v),
          },
        ]
      : []),
    { title: t('invoiceStats.column.count'), dataIndex: 'count', align: 'right', width: 100 },
    { title: t('invoiceStats.column.redCount'), dataIndex: 'redCount', align: 'right', width: 100 },
    { title: t('invoiceStats.column.amount'), dataIndex: 'amountFen', align: 'right', render: fen },
    { title: t('invoiceStats.column.tax'), dataIndex: 'taxFen', align: 'right', render: fen },
    { title: t('invoiceStats.column.total'), dataIndex: 'totalFen', align: 'right', render: fen },
  ];
  const totals = data?.totals;
  const lead = groupBy === 'buyer' ? 2 : 1;
  const hasData = !!data && data.totals.count > 0;

  return (
    <StatsScaffold
      rangeLabel={t('invoiceStats.range')}
      range={range}
      onRange={setRange}
      presets={presets(t)}
      controls={
        <Segmented<StatsGroup>
          value={groupBy}
          onChange={setGroupBy}
          options={GROUPS.map((g) => ({ value: g, label: t(`invoiceStats.group.${g}`) }))}
        />
      }
      exportCode="invoiceStatistic:btn_export"
      exportLabel={t('invoiceStats.export')}
      onExport={() => void download(exportInvoiceStats, { query }).catch(() => undefined)}
      hint={t('invoiceStats.hint')}
      chartTitle={t(`invoiceStats.chartTitle.${groupBy}`)}
      loading={isLoading}
      hasData={hasData}
      emptyText={t('invoiceStats.empty')}
      chart={() => data && <StatsChart groupBy={groupBy} rows={data.rows} />}
    >
      <Table<StatsRow>
        rowKey="key"
        size="middle"
        className="invoice-stats-table"
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
                  <Typography.Text strong>{t('invoiceStats.totals')}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={lead} align="right">
                  {totals.count}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={lead + 1} align="right">
                  {totals.redCount}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={lead + 2} align="right">
                  {fen(totals.amountFen)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={lead + 3} align="right">
                  {fen(totals.taxFen)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={lead + 4} align="right">
                  <Typography.Text strong>{fen(totals.totalFen)}</Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </StatsScaffold>
  );
}
