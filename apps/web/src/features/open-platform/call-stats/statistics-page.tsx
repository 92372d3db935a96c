import { CALL_STATS_GROUPS, type CallStatsGroup, type CallStatsRow } from '@fpy/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Segmented,
  Space,
  Statistic,
  Table,
  type TableProps,
  theme,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../lib/chart.tsx';
import { DATE_FORMAT, datePresets } from '../../../lib/format.ts';
import { type StatsFilters, statsQuery } from './call-stats-api.ts';

interface FormValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  appId?: number;
  tenantId?: number;
  operation?: string;
}

const pct = (v: number) => `${(v * 100).toFixed(2)}%`;

/**
 * Spec §2.12 /openPlatformManager/interfaceStatistics (接口统计): the open API's calls per day, app, enterprise and
 * API — totals, error rate, 429s, p95 latency — with ECharts (calls and errors as bars, p95 as a line).
 */
export default function StatisticsPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [form] = Form.useForm<FormValues>();
  const [filters, setFilters] = useState<StatsFilters>({});
  const [groupBy, setGroupBy] = useState<CallStatsGroup>('day');
  const { data, isFetching } = useQuery(statsQuery(filters, groupBy));
  const rows = data?.rows ?? [];
  const option = useMemo(() => {
    const shown = groupBy === 'day' ? rows : rows.slice(0, 15);
    return {
      color: [token.colorPrimary, token.colorError, token.colorWarning],
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 56, right: 56, top: 24, bottom: groupBy === 'day' ? 56 : 96 },
      xAxis: {
        type: 'category',
        data: shown.map((r) => r.label),
        axisLabel: { interval: 0, rotate: groupBy === 'day' ? 0 : 20, width: 120, overflow: 'truncate' },
      },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', name: 'ms', splitLine: { show: false } },
      ],
      series: [
        {
          name: t('callStats.series.ok'),
          type: 'bar',
          stack: 'calls',
          data: shown.map((r) => r.calls - r.errors),
        },
        { name: t('callStats.series.errors'), type: 'bar', stack: 'calls', data: shown.map((r) => r.errors) },
        { name: t('callStats.series.p95'), type: 'line', yAxisIndex: 1, data: shown.map((r) => r.p95Ms) },
      ],
    };
  }, [rows, groupBy, t, token]);
  const columns: TableProps<CallStatsRow>['columns'] = [
    { title: t(`callStats.group.${groupBy}`), dataIndex: 'label' },
    { title: t('callStats.calls'), dataIndex: 'calls', align: 'right' },
    { title: t('callStats.errors'), dataIndex: 'errors', align: 'right' },
    { title: t('callStats.errorRate'), dataIndex: 'errorRate', align: 'right', render: pct },
    { title: t('callStats.limited'), dataIndex: 'limited', align: 'right' },
    { title: t('callStats.avgMs'), dataIndex: 'avgMs', align: 'right' },
    { title: t('callStats.p95Ms'), dataIndex: 'p95Ms', align: 'right' },
  ];
  const totals = data?.totals;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Form<FormValues>
          form={form}
          layout="inline"
          style={{ rowGap: 8 }}
          onFinish={({ range, appId, tenantId, operation }) =>
            setFilters({
              dateFrom: range?.[0]?.format(DATE_FORMAT),
              dateTo: range?.[1]?.format(DATE_FORMAT),
              appId: appId ?? undefined,
              tenantId: tenantId ?? undefined,
              operation: operation?.trim() || undefined,
            })
          }
        >
          <Form.Item name="range" label={t('callStats.range')}>
            <DatePicker.RangePicker presets={datePresets()} />
          </Form.Item>
          <Form.Item name="appId" label={t('callStats.appId')}>
            <InputNumber min={1} max={2_147_483_647} precision={0} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="tenantId" label={t('callStats.tenantId')}>
            <InputNumber min={1} max={2_147_483_647} precision={0} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="operation" label={t('callStats.operation')}>
            <Input allowClear maxLength={64} placeholder="invoice.issue" style={{ width: 160 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('callStats.search')}
          </Button>
        </Form>
      </Card>
      <Row gutter={[16, 16]}>
        {(
          [
            ['calls', totals?.calls],
            ['errorRate', totals ? pct(totals.errorRate) : undefined],
            ['limited', totals?.limited],
            ['p95Ms', totals?.p95Ms],
          ] as const
        ).map(([k, v]) => (
          <Col key={k} flex="1 1 180px">
            <Card size="small" data-testid={`call-total-${k}`}>
              <Statistic title={t(`callStats.${k}`)} value={v ?? '—'} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card
        size="small"
        title={data ? t('callStats.window', { from: data.dateFrom, to: data.dateTo }) : ''}
        extra={
          <Segmented<CallStatsGroup>
            value={groupBy}
            onChange={setGroupBy}
            options={CALL_STATS_GROUPS.map((g) => ({ value: g, label: t(`callStats.group.${g}`) }))}
          />
        }
      >
        <EChart option={option} notMerge height={300} testId="call-stats-chart" />
        <Table<CallStatsRow>
          rowKey="key"
          size="small"
          loading={isFetching && !data}
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="call-stats-table"
        />
      </Card>
    </Space>
  );
}
