import type { MonitorSample } from '@fpy/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Segmented, Space, Tag, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartOption, EChart } from '../../../lib/chart.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { samplesQuery } from './monitor-api.ts';

type Metric = keyof Pick<
  MonitorSample,
  | 'rps'
  | 'latencyP95Ms'
  | 'errorRate'
  | 'eventLoopLagMs'
  | 'rssMb'
  | 'heapUsedMb'
  | 'queueDepth'
  | 'dbPoolWaiting'
>;
const METRICS: Metric[] = [
  'rps',
  'latencyP95Ms',
  'errorRate',
  'eventLoopLagMs',
  'rssMb',
  'heapUsedMb',
  'queueDepth',
  'dbPoolWaiting',
];
const WINDOWS = [15, 30, 60, 180];

/**
 * Spec §2.12 /monitorManager/serviceMonitorManager (服务指标): each instance's health and metrics over the last
 * minutes — one line per instance in every chart, from the samples every instance writes each heartbeat
 * (the same figures a Prometheus scrape of /metrics reads).
 */
export default function MetricsPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [minutes, setMinutes] = useState(30);
  const { data } = useQuery(samplesQuery(minutes));
  const names = useMemo(
    () => new Map((data?.instances ?? []).map((i) => [i.id, `${i.host}:${i.pid} (${i.id.slice(0, 8)})`])),
    [data],
  );
  const options = useMemo(() => {
    const byInstance = new Map<string, MonitorSample[]>();
    for (const r of data?.rows ?? [])
      byInstance.set(r.instanceId, [...(byInstance.get(r.instanceId) ?? []), r]);
    const colours = [
      token.colorPrimary,
      token.colorSuccess,
      token.colorWarning,
      token.colorError,
      token.colorInfo,
    ];
    return Object.fromEntries(
      METRICS.map((m) => [
        m,
        {
          color: colours,
          tooltip: { trigger: 'axis' },
          legend: { bottom: 0, type: 'scroll' },
          grid: { left: 56, right: 16, top: 16, bottom: 48 },
          xAxis: { type: 'time' },
          yAxis: { type: 'value', min: 0 },
          series: [...byInstance.entries()].map(([id, rows]) => ({
            name: names.get(id) ?? id.slice(0, 8),
            type: 'line',
            showSymbol: false,
            data: rows.map((r) => [
              r.at,
              r[m] === null ? null : m === 'errorRate' ? (r[m] as number) * 100 : r[m],
            ]),
          })),
        },
      ]),
    ) as unknown as Record<Metric, ChartOption>;
  }, [data, names, token]);
  const last = data?.rows.at(-1);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Segmented<number>
            value={minutes}
            onChange={setMinutes}
            options={WINDOWS.map((w) => ({ value: w, label: t('monitor.minutes', { n: w }) }))}
          />
          {(data?.instances ?? []).map((i) => (
            <Tag key={i.id} color={i.alive ? 'green' : 'default'}>
              {names.get(i.id)} · {t(i.alive ? 'monitor.alive' : 'monitor.gone')}
            </Tag>
          ))}
          {last && <span>{t('monitor.lastSample', { at: formatDateTime(last.at) })}</span>}
        </Space>
      </Card>
      {!data?.rows.length ? (
        <Card>
          <Empty description={t('monitor.noSamples')} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {METRICS.map((m) => (
            <Col key={m} xs={24} xl={12}>
              <Card size="small" title={t(`monitor.metric.${m}`)}>
                <EChart option={options[m]} notMerge height={220} testId={`chart-${m}`} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Space>
  );
}
