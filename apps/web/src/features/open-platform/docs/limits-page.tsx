import type { DocLimitsReply } from '@fpy/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { limitsQuery } from './docs-api.ts';

type Limit = DocLimitsReply['limits'][number];
type Usage = DocLimitsReply['usage'][number];

/** /developerOptions/currentLimiting (当前限流): the limits that apply to the company and the usage now. */
export default function LimitsPage() {
  const { t } = useTranslation();
  const { data, isFetching } = useQuery(limitsQuery);
  const limitColumns: TableProps<Limit>['columns'] = [
    {
      title: t('openDocs.limits.scope'),
      dataIndex: 'scope',
      render: (v: string) => t(`openDocs.limits.scopes.${v}`),
    },
    {
      title: t('openDocs.limits.target'),
      key: 'target',
      render: (_: unknown, r) =>
        r.appName ?? r.operation ?? (r.appId ? `#${r.appId}` : t('openDocs.limits.every')),
    },
    { title: t('openDocs.limits.operation'), dataIndex: 'operation', render: (v: string | null) => v ?? '—' },
    {
      title: t('openDocs.limits.rate'),
      key: 'rate',
      render: (_: unknown, r) =>
        t('openDocs.limits.perWindow', { points: r.points, seconds: r.windowSeconds }),
    },
    {
      title: t('openDocs.limits.source'),
      dataIndex: 'source',
      render: (v: string) => (
        <Tag color={v === 'configured' ? 'blue' : 'default'}>{t(`openDocs.limits.sources.${v}`)}</Tag>
      ),
    },
  ];
  const usageColumns: TableProps<Usage>['columns'] = [
    { title: t('openDocs.limits.app'), dataIndex: 'appName' },
    { title: t('openDocs.limits.lastMinute'), dataIndex: 'lastMinute', align: 'right' },
    { title: t('openDocs.limits.lastHour'), dataIndex: 'lastHour', align: 'right' },
    { title: t('openDocs.limits.today'), dataIndex: 'today', align: 'right' },
    {
      title: t('openDocs.limits.refused'),
      dataIndex: 'refusedToday',
      align: 'right',
      render: (v: number) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : 0),
    },
  ];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        message={t('openDocs.limits.hint', { headers: data?.headers.join(', ') ?? '' })}
      />
      <Card title={t('openDocs.limits.title')} size="small">
        <Table<Limit>
          rowKey={(r) => `${r.scope}-${r.appId}-${r.operation}-${r.source}`}
          size="small"
          loading={isFetching && !data}
          columns={limitColumns}
          dataSource={data?.limits}
          pagination={false}
          data-testid="limits-table"
        />
      </Card>
      <Card title={t('openDocs.limits.usage')} size="small">
        <Table<Usage>
          rowKey="appId"
          size="small"
          columns={usageColumns}
          dataSource={data?.usage}
          pagination={false}
          data-testid="usage-table"
        />
      </Card>
    </Space>
  );
}
