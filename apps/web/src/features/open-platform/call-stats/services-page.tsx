import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { servicesQuery } from './call-stats-api.ts';

const HEALTH_COLOUR = { up: 'green', degraded: 'red', idle: 'default' } as const;

/**
 * Spec §2.12 /authManager/serviceManager (服务管理): the server modules behind the open API, one row per interface
 * group, with their health over the last hour; the instance's readiness and the running instances above.
 */
export default function ServicesPage() {
  const { t } = useTranslation();
  const { data, isFetching } = useQuery(servicesQuery);
  return (
    <Card>
      {data && (
        <Alert
          style={{ marginBottom: 16 }}
          showIcon
          type={data.readiness.status === 'ready' ? 'success' : 'error'}
          message={t('callStats.readiness', {
            status: t(`callStats.ready.${data.readiness.status}`, { defaultValue: data.readiness.status }),
            instances: data.instances,
          })}
          description={data.readiness.failed.length ? data.readiness.failed.join(', ') : undefined}
        />
      )}
      <Table
        rowKey="group"
        size="middle"
        loading={isFetching && !data}
        pagination={false}
        dataSource={data?.rows ?? []}
        columns={[
          { title: t('callStats.groupCol'), dataIndex: 'name' },
          {
            title: t('callStats.modules'),
            dataIndex: 'modules',
            render: (v: string[]) => v.map((m) => <Tag key={m}>{m}</Tag>),
          },
          {
            title: t('callStats.apiCount'),
            key: 'apis',
            align: 'right',
            render: (_: unknown, r) => `${r.enabledApis} / ${r.apis}`,
          },
          {
            title: t('callStats.hourCalls'),
            key: 'calls',
            align: 'right',
            render: (_: unknown, r) => r.hour.calls,
          },
          {
            title: t('callStats.errors'),
            key: 'errors',
            align: 'right',
            render: (_: unknown, r) => r.hour.errors,
          },
          {
            title: t('callStats.p95Ms'),
            key: 'p95',
            align: 'right',
            render: (_: unknown, r) => r.hour.p95Ms,
          },
          {
            title: t('callStats.health'),
            dataIndex: 'health',
            render: (v: 'up' | 'degraded' | 'idle') => (
              <Tag color={HEALTH_COLOUR[v]}>{t(`callStats.healthStates.${v}`)}</Tag>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('callStats.servicesHint')}
      </Typography.Paragraph>
    </Card>
  );
}
