import { SPAN_KINDS, type TraceRow, type TraceSpan } from '@fpy/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Drawer,
  Form,
  Input,
  InputNumber,
  Select,
  Switch,
  type TableProps,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../crud/paged-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { type TraceQuery, traceQuery, tracesQuery } from './monitor-api.ts';

const KIND_COLOR: Record<string, string> = {
  request: 'blue',
  db: 'purple',
  job: 'orange',
  task: 'cyan',
  internal: 'default',
};

interface Filters {
  kind?: (typeof SPAN_KINDS)[number];
  q?: string;
  minDurationMs?: number;
  errorOnly?: boolean;
}

/**
 * Spec §2.12 /monitorManager/serviceZipkinManager (调用链追踪): recent traces (OpenTelemetry) — requests, their
 * database statements, jobs and scheduled tasks — and one trace as a waterfall.
 */
export default function TracesPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const [open, setOpen] = useState<string | null>(null);
  const q: TraceQuery = {
    ...paging,
    minutes: 1440,
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.q?.trim() ? { q: filters.q.trim() } : {}),
    ...(filters.minDurationMs ? { minDurationMs: filters.minDurationMs } : {}),
    ...(filters.errorOnly ? { errorOnly: 'true' as const } : {}),
  };
  const { data, isFetching } = useQuery(tracesQuery(q));
  const columns: TableProps<TraceRow>['columns'] = [
    {
      title: t('monitor.field.trace'),
      dataIndex: 'name',
      render: (v: string, r) => (
        <Button
          type="link"
          size="small"
          onClick={() => setOpen(r.traceId)}
          data-testid={`trace-${r.traceId}`}
        >
          {v}
        </Button>
      ),
    },
    {
      title: t('monitor.field.kind'),
      dataIndex: 'kind',
      render: (v: string) => <Tag color={KIND_COLOR[v]}>{t(`monitor.kind.${v}`)}</Tag>,
    },
    { title: t('monitor.field.startedAt'), dataIndex: 'startedAt', render: (v: string) => formatDateTime(v) },
    {
      title: t('monitor.field.duration'),
      dataIndex: 'durationMs',
      align: 'right',
      render: (v: number) => `${v} ms`,
    },
    { title: t('monitor.field.spans'), dataIndex: 'spans', align: 'right' },
    {
      title: t('monitor.field.instance'),
      dataIndex: 'instanceId',
      render: (v: string) => <Typography.Text code>{v.slice(0, 8)}</Typography.Text>,
    },
    {
      title: t('monitor.field.status'),
      dataIndex: 'error',
      render: (v: boolean) => (v ? <Tag color="red">{t('monitor.error')}</Tag> : <Tag color="green">OK</Tag>),
    },
  ];
  return (
    <Card>
      <Form<Filters>
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(f) => {
          setFilters(f);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="kind" label={t('monitor.field.kind')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={SPAN_KINDS.map((k) => ({ value: k, label: t(`monitor.kind.${k}`) }))}
          />
        </Form.Item>
        <Form.Item name="q" label={t('monitor.field.q')}>
          <Input
            allowClear
            maxLength={128}
            placeholder={t('monitor.field.qPlaceholder')}
            style={{ width: 220 }}
          />
        </Form.Item>
        <Form.Item name="minDurationMs" label={t('monitor.field.minDuration')}>
          <InputNumber min={0} max={3_600_000} style={{ width: 120 }} addonAfter="ms" />
        </Form.Item>
        <Form.Item name="errorOnly" label={t('monitor.field.errorOnly')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('monitor.search')}
        </Button>
      </Form>
      <PagedTable<TraceRow>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
        rowKey="traceId"
      />
      <TraceDrawer traceId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

/** Spans in tree order (a child right after its parent), each with its depth. */
function ordered(spans: TraceSpan[]): (TraceSpan & { depth: number })[] {
  const children = new Map<string | null, TraceSpan[]>();
  const ids = new Set(spans.map((s) => s.spanId));
  for (const s of spans) {
    const parent = s.parentSpanId && ids.has(s.parentSpanId) ? s.parentSpanId : null;
    children.set(parent, [...(children.get(parent) ?? []), s]);
  }
  const out: (TraceSpan & { depth: number })[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const s of children.get(parent) ?? []) {
      out.push({ ...s, depth });
      walk(s.spanId, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

function TraceDrawer({ traceId, onClose }: { traceId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useQuery({ ...traceQuery(traceId ?? ''), enabled: traceId !== null });
  const rows = useMemo(() => ordered(data?.spans ?? []), [data]);
  const total = Math.max(1, ...rows.map((s) => s.offsetMs + s.durationMs));
  return (
    <Drawer
      open={traceId !== null}
      onClose={onClose}
      width={900}
      title={t('monitor.waterfall')}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" copyable={{ text: traceId ?? '' }}>
        {traceId}
      </Typography.Paragraph>
      <div data-testid="waterfall">
        {rows.map((s) => (
          <Tooltip
            key={s.spanId}
            title={
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                {Object.entries(s.attributes)
                  .map(([k, v]) => `${k}: ${v}`)
                  .join('\n')}
              </pre>
            }
          >
            <div style={{ display: 'flex', alignItems: 'center', fontSize: 12, height: 24 }}>
              <div
                style={{
                  width: 320,
                  paddingLeft: s.depth * 14,
                  overflow: 'hidden',
                  whiteSpace: 'nowrap',
                  textOverflow: 'ellipsis',
                }}
              >
                <Tag color={KIND_COLOR[s.kind]} style={{ marginRight: 4 }}>
                  {t(`monitor.kind.${s.kind}`)}
                </Tag>
                {s.name}
              </div>
              <div style={{ flex: 1, position: 'relative', height: 12, background: 'rgba(0,0,0,0.04)' }}>
                <div
                  style={{
                    position: 'absolute',
                    left: `${(s.offsetMs / total) * 100}%`,
                    width: `${Math.max(0.5, (s.durationMs / total) * 100)}%`,
                    height: '100%',
                    background: s.error ? '#ff4d4f' : '#1677ff',
                  }}
                />
              </div>
              <div style={{ width: 80, textAlign: 'right' }}>{s.durationMs} ms</div>
            </div>
          </Tooltip>
        ))}
      </div>
    </Drawer>
  );
}
