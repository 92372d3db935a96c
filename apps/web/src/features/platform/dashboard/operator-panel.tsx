import { useQuery } from '@tanstack/react-query';
import { Card, Col, List, Row, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, relativeTime } from '../../../lib/format.ts';
import { dashboardQuery } from './dashboard-api.ts';
import { RequestsChart } from './requests-chart.tsx';

function statusColor(status: number): string {
  if (status >= 500) return 'red';
  if (status >= 400) return 'orange';
  return 'green';
}

/** The platform accounts' operator view: requests per hour and the latest gate-log lines. Loaded lazily. */
export default function OperatorPanel() {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery(dashboardQuery);
  return (
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
  );
}
