import type { MonitorInstance } from '@fpy/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { instancesQuery } from './monitor-api.ts';

/**
 * Spec §2.12 /monitorManager/serviceEurekaManager (服务注册): the running server instances, each registered
 * with a heartbeat in the database; one silent longer than the horizon has dropped out.
 */
export default function InstancesPage() {
  const { t } = useTranslation();
  const { data, isFetching } = useQuery(instancesQuery);
  const columns: TableProps<MonitorInstance>['columns'] = [
    {
      title: t('monitor.field.id'),
      dataIndex: 'id',
      render: (v: string, r) => (
        <>
          <Typography.Text copyable={{ text: v }} code>
            {v.slice(0, 8)}
          </Typography.Text>
          {r.self && <Tag color="blue">{t('monitor.self')}</Tag>}
        </>
      ),
    },
    { title: t('monitor.field.host'), dataIndex: 'host' },
    { title: t('monitor.field.pid'), dataIndex: 'pid', align: 'right' },
    { title: t('monitor.field.version'), dataIndex: 'version' },
    { title: t('monitor.field.queue'), dataIndex: 'queue', render: (v: string) => t(`monitor.queue.${v}`) },
    { title: t('monitor.field.startedAt'), dataIndex: 'startedAt', render: (v: string) => formatDateTime(v) },
    {
      title: t('monitor.field.lastHeartbeat'),
      dataIndex: 'lastHeartbeat',
      render: (v: string, r) => (
        <span>
          {formatDateTime(v)} <Tag color="green">{t('monitor.ago', { s: r.ageSeconds })}</Tag>
        </span>
      ),
    },
  ];
  return (
    <Card title={t('monitor.instancesTitle', { count: data?.rows.length ?? 0 })}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('monitor.instancesHint', { s: data?.dropAfterSeconds ?? 30 })}
      />
      <Table<MonitorInstance>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={isFetching && !data}
        pagination={false}
        data-testid="instances-table"
      />
    </Card>
  );
}
