import { useQuery } from '@tanstack/react-query';
import { Card, Col, List, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, relativeTime, thousands } from '../../../lib/format.ts';
import { useProfile } from '../../../lib/permission.tsx';
import { dashboardQuery } from './dashboard-api.ts';
import { RequestsChart } from './requests-chart.tsx';

const STATS = ['users', 'activeUsers', 'loginsToday', 'requestsToday', 'errorsToday'] as const;

function statusColor(status: number): string {
  if (status >= 500) return 'red';
  if (status >= 400) return 'orange';
  return 'green';
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const { data, isLoading } = useQuery(dashboardQuery);

  return (
    <div className="dashboard-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('dashboard.welcome', { name: profile?.name || profile?.username || '' })}
        {profile?.companyName ? ` · ${profile.companyName}` : ''}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {STATS.map((key) => (
          <Col key={key} flex="1 1 180px">
            <Card>
              <Statistic
                title={t(`dashboard.stats.${key}`)}
                value={data?.[key] ?? 0}
                loading={isLoading}
                formatter={(v) => thousands(Number(v))}
                styles={
                  key === 'errorsToday' && data?.errorsToday ? { content: { color: '#cf1322' } } : undefined
                }
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={14}>
          <Card title={t('dashboard.requestsByHour')}>
            {isLoading ? <Skeleton active /> : <RequestsChart data={data?.requestsByHour ?? []} />}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('dashboard.recentActivity')} styles={{ body: { maxHeight: 360, overflow: 'auto' } }}>
            <List
              loading={isLoading}
              dataSource={data?.recentActivity ?? []}
              locale={{ emptyText: t('common.none') }}
              renderItem={(item) => (
                <List.Item extra={<span title={formatDateTime(item.time)}>{relativeTime(item.time)}</span>}>
                  <List.Item.Meta
                    title={item.username || '-'}
                    description={
                      <span>
                        <Tag color={statusColor(item.status)}>{item.status}</Tag>
                        <Typography.Text code>{item.method}</Typography.Text> {item.path}
                      </span>
                    }
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
