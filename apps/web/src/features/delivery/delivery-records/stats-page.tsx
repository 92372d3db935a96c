import type { DeliveryGroupRow, DeliveryStatsGroup, DeliveryStatsReply, RouteContract } from '@fpy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Segmented, Table, type TableProps, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, datePresets, thousands } from '../../../lib/format.ts';
import { call, download } from '../../../lib/http.ts';
import { StatsScaffold } from '../../../crud/stats-scaffold.tsx';

// ECharts loads with the chart, after the figures: the page's own chunk stays small.
const StatsChart = lazy(() => import('./stats-chart.tsx'));

const FIGURES = ['total', 'sent', 'delivered', 'failed', 'skipped', 'units'] as const;

export interface StatsPageProps {
  channel: 'sms' | 'email';
  /** The SMS pages fix the grouping by their menu; the e-mail page lets the user switch. */
  groupBy: DeliveryStatsGroup | 'choose';
  route: RouteContract;
  exportRoute: RouteContract;
  exportCode: string;
}

/**
 * Deliveries per day (chart) and per provider or company (table with 合计) over a date range, last 30 days by
 * default (Asia/Shanghai days, as the server counts them); the Excel export carries both.
 */
export function StatsPage({ channel, groupBy: fixed, route, exportRoute, exportCode }: StatsPageProps) {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(29, 'day').startOf('day'),
    dayjs().endOf('day'),
  ]);
  const [chosen, setChosen] = useState<DeliveryStatsGroup>('provider');
  const groupBy = fixed === 'choose' ? chosen : fixed;
  const query = {
    dateFrom: range[0].format(DATE_FORMAT),
    dateTo: range[1].format(DATE_FORMAT),
    ...(fixed === 'choose' ? { groupBy } : {}),
  };
  const { data, isLoading, isFetching } = useQuery({
    queryKey: ['delivery-stats', channel, groupBy, query],
    queryFn: ({ signal }) => call(route, { query, signal }) as Promise<DeliveryStatsReply>,
    placeholderData: keepPreviousData,
  });
  const shown = FIGURES.filter((f) => channel === 'sms' || f !== 'units');
  const labelOf = (r: DeliveryGroupRow) => (r.key === 'none' ? t('deliveryStats.noProvider') : r.label);

  const columns: TableProps<DeliveryGroupRow>['columns'] = [
    {
      title: t(`deliveryStats.group.${groupBy}`),
      key: 'label',
      render: (_, r) => labelOf(r),
      ellipsis: true,
    },
    ...shown.map((f) => ({
      title: t(`deliveryStats.figure.${f}`),
      dataIndex: f,
      align: 'right' as const,
      width: 120,
      render: (v: number) => thousands(v),
    })),
  ];

  return (
    <StatsScaffold
      rangeLabel={t('deliveryStats.range')}
      range={range}
      onRange={setRange}
      presets={datePresets()}
      disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
      controls={
        fixed === 'choose' && (
          <Segmented<DeliveryStatsGroup>
            value={chosen}
            onChange={setChosen}
            options={(['provider', 'tenant'] as const).map((g) => ({
              value: g,
              label: t(`deliveryStats.by.${g}`),
            }))}
          />
        )
      }
      exportCode={exportCode}
      exportLabel={t('crud.export')}
      onExport={() => void download(exportRoute, { query }).catch(() => undefined)}
      hint={t(`deliveryStats.hint.${channel}`)}
      chartTitle={t('deliveryStats.perDay')}
      loading={isLoading}
      hasData={!!data && data.totals.total > 0}
      emptyText={t('deliveryStats.empty')}
      chart={() => data && <StatsChart days={data.days} />}
    >
      <Table<DeliveryGroupRow>
        rowKey="key"
        size="middle"
        className="delivery-stats-table"
        loading={isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        summary={() =>
          data ? (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{t('deliveryStats.totals')}</Typography.Text>
                </Table.Summary.Cell>
                {shown.map((f, i) => (
                  <Table.Summary.Cell key={f} index={i + 1} align="right">
                    {thousands(data.totals[f])}
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
