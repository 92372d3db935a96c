import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, Table, Tag, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../lib/chart.tsx';
import { gatewayQuery } from './call-stats-api.ts';

/**
 * Spec §2.12 /authManager/gatewayManager (网关管理): the open API's gateway over the last week — calls by auth mode,
 * limits hit (429 per day), refusals by code, and the configured limits with their hits.
 */
export default function GatewayPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data, isFetching } = useQuery(gatewayQuery);
  const option = useMemo(
    () => ({
      color: [token.colorWarning],
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 16, top: 16, bottom: 32 },
      xAxis: { type: 'category', data: (data?.limited.byDay ?? []).map((d) => d.day) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ name: '429', type: 'bar', data: (data?.limited.byDay ?? []).map((d) => d.count) }],
    }),
    [data, token],
  );
  const refused = (data?.refusals ?? []).reduce((n, r) => n + r.count, 0);
  return (
    <Row gutter={[16, 16]}>
      {(data?.authModes ?? []).map((m) => (
        <Col key={m.mode} flex="1 1 180px">
          <Card size="small">
            <Statistic
              title={t(`callStats.authModes.${m.mode}`, { defaultValue: m.mode })}
              value={m.calls}
              suffix={<Tag color="red">{m.errors}</Tag>}
            />
          </Card>
        </Col>
      ))}
      <Col flex="1 1 180px">
        <Card size="small">
          <Statistic
            title={t('callStats.limitedWeek')}
            value={data?.limited.total ?? 0}
            valueStyle={{ color: token.colorWarning }}
          />
        </Card>
      </Col>
      <Col flex="1 1 180px">
        <Card size="small">
          <Statistic
            title={t('callStats.refusedWeek')}
            value={refused}
            valueStyle={{ color: token.colorError }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('callStats.limitedByDay')}>
          <EChart option={option} notMerge height={240} testId="gateway-429-chart" />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('callStats.refusals')}>
          <Table
            rowKey="code"
            size="small"
            loading={isFetching && !data}
            pagination={false}
            dataSource={data?.refusals ?? []}
            columns={[
              { title: t('callStats.code'), dataIndex: 'code' },
              { title: 'HTTP', dataIndex: 'httpStatus' },
              { title: t('callStats.message'), dataIndex: 'message' },
              { title: t('callStats.count'), dataIndex: 'count', align: 'right' },
            ]}
          />
        </Card>
      </Col>
      <Col span={24}>
        <Card size="small" title={t('callStats.limits')}>
          <Table
            rowKey={(r) => `${r.scope}:${r.target}:${r.points}:${r.windowSeconds}`}
            size="small"
            pagination={false}
            dataSource={data?.limits ?? []}
            columns={[
              {
                title: t('callStats.scope'),
                dataIndex: 'scope',
                render: (v: string) => t(`callStats.scopes.${v}`, { defaultValue: v }),
              },
              { title: t('callStats.target'), dataIndex: 'target' },
              {
                title: t('callStats.rule'),
                key: 'rule',
                render: (_: unknown, r) =>
                  t('callStats.ruleText', { points: r.points, seconds: r.windowSeconds }),
              },
              {
                title: t('callStats.state'),
                dataIndex: 'state',
                render: (v: string) => t(`callStats.states.${v}`, { defaultValue: v }),
              },
              { title: t('callStats.hits'), dataIndex: 'hits', align: 'right' },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
