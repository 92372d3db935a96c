import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENTS,
  WEBHOOK_REDELIVERABLE,
  type WebhookAttempt,
  type WebhookDeliveryRow,
  type WebhookDeliveryState,
} from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../crud/paged-table.tsx';
import { toast } from '../../../lib/feedback.ts';
import { DATE_FORMAT, datePresets, formatDateTime } from '../../../lib/format.ts';
import { Can, useCan } from '../../../lib/permission.tsx';
import { CodeBlock } from './code-block.tsx';
import {
  type DeliveryQuery,
  deliveriesQuery,
  deliveryQuery,
  redeliverMany,
  redeliverOne,
  refreshDeliveries,
  webhookAppsQuery,
} from './docs-api.ts';

const STATE_COLOR: Record<WebhookDeliveryState, string> = {
  pending: 'blue',
  retrying: 'gold',
  delivered: 'green',
  failed: 'orange',
  dead: 'red',
};
const REDELIVER = 'openPlatForm:btn_redeliver';
const canRedeliver = (r: WebhookDeliveryRow) => WEBHOOK_REDELIVERABLE.includes(r.state);

function StateTag({ state }: { state: WebhookDeliveryState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLOR[state]}>{t(`openDocs.log.state.${state}`)}</Tag>;
}

interface FormValues {
  eventType?: string;
  appId?: number;
  state?: WebhookDeliveryState;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** One delivery: the event body as sent and every attempt (request headers, response, latency). */
function DeliveryDrawer({
  id,
  onClose,
  onRedeliver,
}: {
  id: number | null;
  onClose: () => void;
  onRedeliver: (id: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { data } = useQuery({ ...deliveryQuery(id ?? 0), enabled: id !== null });
  const columns: TableProps<WebhookAttempt>['columns'] = [
    { title: '#', dataIndex: 'n', width: 50 },
    {
      title: t('openDocs.log.startedAt'),
      dataIndex: 'startedAt',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('openDocs.log.status'),
      dataIndex: 'responseStatus',
      width: 90,
      render: (v: number | null, a) =>
        v ? <Tag color={v < 300 ? 'green' : 'red'}>{v}</Tag> : <Tag color="orange">{a.errorCode}</Tag>,
    },
    { title: t('openDocs.log.latency'), dataIndex: 'latencyMs', width: 90, render: (v: number) => `${v} ms` },
    {
      title: t('openDocs.log.manual'),
      dataIndex: 'manual',
      width: 80,
      render: (v: boolean) => (v ? t('openDocs.yes') : ''),
    },
    {
      title: t('openDocs.log.error'),
      dataIndex: 'errorMessage',
      render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : '—'),
    },
  ];
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={860}
      title={t('openDocs.log.detail', { id: id ?? '' })}
    >
      {data && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="delivery-detail">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('openDocs.log.event')}>{data.eventType}</Descriptions.Item>
            <Descriptions.Item label={t('openDocs.log.eventId')}>
              <Typography.Text copyable>{data.eventId}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('openDocs.log.app')}>
              {data.appName ?? `#${data.appId}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('openDocs.log.state.title')}>
              <StateTag state={data.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('openDocs.log.url')} span={2}>
              {data.url}
            </Descriptions.Item>
            {data.lastError && (
              <Descriptions.Item label={t('openDocs.log.error')} span={2}>
                [{data.lastCode}] {data.lastError}
              </Descriptions.Item>
            )}
          </Descriptions>
          {canRedeliver(data) && (
            <Can code={REDELIVER}>
              <Popconfirm title={t('openDocs.log.confirmOne')} onConfirm={() => onRedeliver(data.id)}>
                <Button type="primary">{t('openDocs.log.redeliver')}</Button>
              </Popconfirm>
            </Can>
          )}
          <Typography.Text strong>{t('openDocs.log.body')}</Typography.Text>
          <CodeBlock
            value={(() => {
              try {
                return JSON.parse(data.body);
              } catch {
                return data.body;
              }
            })()}
            maxHeight={220}
          />
          <Typography.Text strong>
            {t('openDocs.log.attempts', { count: data.attemptLog.length })}
          </Typography.Text>
          <Table<WebhookAttempt>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={data.attemptLog}
            pagination={false}
            expandable={{
              expandedRowRender: (a) => (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Typography.Text type="secondary">{t('openDocs.log.requestHeaders')}</Typography.Text>
                  <CodeBlock value={a.requestHeaders} maxHeight={200} />
                  <Typography.Text type="secondary">{t('openDocs.log.responseBody')}</Typography.Text>
                  <CodeBlock value={a.responseBody ?? '—'} maxHeight={200} />
                </Space>
              ),
            }}
          />
        </Space>
      )}
    </Drawer>
  );
}

/** 投递记录: every webhook delivery the caller may see, filters, the attempts of one, 重新投递 one or many. */
export function DeliveryLog() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [filters, setFilters] = useState<DeliveryQuery>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const [open, setOpen] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const mayRedeliver = useCan(REDELIVER);
  const { data, isFetching } = useQuery(deliveriesQuery({ ...filters, ...paging }));
  const { data: apps } = useQuery(webhookAppsQuery);

  const submit = ({ range, ...rest }: FormValues) => {
    setFilters({
      ...rest,
      dateFrom: range?.[0]?.format(DATE_FORMAT),
      dateTo: range?.[1]?.format(DATE_FORMAT),
    } as DeliveryQuery);
    setSelected([]);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const one = async (id: number) => {
    try {
      await redeliverOne(id);
      toast.success(t('openDocs.log.redelivered'));
    } catch {
      // Shown by the shared client.
    }
    await refreshDeliveries(qc);
  };
  const bulk = async () => {
    try {
      const res = await redeliverMany(selected);
      toast.success(
        t('openDocs.log.bulkDone', { done: res.redelivered.length, skipped: res.skipped.length }),
      );
      setSelected([]);
    } catch {
      // Shown by the shared client.
    }
    await refreshDeliveries(qc);
  };

  const columns: TableProps<WebhookDeliveryRow>['columns'] = [
    {
      title: 'ID',
      dataIndex: 'id',
      sorter: true,
      render: (v: number) => (
        <Button type="link" size="small" onClick={() => setOpen(v)} data-testid={`delivery-${v}`}>
          #{v}
        </Button>
      ),
    },
    {
      title: t('openDocs.log.event'),
      dataIndex: 'eventType',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      title: t('openDocs.log.eventId'),
      dataIndex: 'eventId',
      render: (v: string) => <Typography.Text copyable={{ text: v }}>{v.slice(0, 12)}…</Typography.Text>,
    },
    {
      title: t('openDocs.log.app'),
      dataIndex: 'appName',
      render: (v: string | null, r) => v ?? `#${r.appId}`,
    },
    {
      title: t('openDocs.log.company'),
      dataIndex: 'tenantName',
      render: (v: string | null, r) => v ?? `#${r.tenantId}`,
    },
    {
      title: t('openDocs.log.state.title'),
      dataIndex: 'state',
      render: (v: WebhookDeliveryState) => <StateTag state={v} />,
    },
    { title: t('openDocs.log.attemptsCol'), dataIndex: 'attempts', sorter: true, align: 'right' },
    { title: t('openDocs.log.status'), dataIndex: 'lastStatus', render: (v: number | null) => v ?? '—' },
    {
      title: t('openDocs.log.error'),
      dataIndex: 'lastError',
      render: (v: string | null, r) =>
        v ? (
          <Typography.Text type="danger" ellipsis={{ tooltip: v }} style={{ maxWidth: 220 }}>
            [{r.lastCode}] {v}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: t('openDocs.log.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('openDocs.log.actions'),
      key: 'actions',
      render: (_: unknown, r) =>
        canRedeliver(r) ? (
          <Can code={REDELIVER}>
            <Popconfirm title={t('openDocs.log.confirmOne')} onConfirm={() => one(r.id)}>
              <Button type="link" size="small" data-testid={`redeliver-${r.id}`}>
                {t('openDocs.log.redeliver')}
              </Button>
            </Popconfirm>
          </Can>
        ) : null,
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="delivery-log">
      <Form<FormValues>
        form={form}
        layout="inline"
        onFinish={submit}
        name="delivery-filters"
        style={{ rowGap: 8 }}
      >
        <Form.Item name="eventType" label={t('openDocs.log.event')}>
          <Select
            allowClear
            style={{ width: 200 }}
            options={WEBHOOK_EVENTS.map((e) => ({ value: e, label: e }))}
          />
        </Form.Item>
        <Form.Item name="appId" label={t('openDocs.log.app')}>
          <Select
            allowClear
            style={{ width: 200 }}
            options={apps?.rows.map((a) => ({ value: a.id, label: a.name }))}
          />
        </Form.Item>
        <Form.Item name="state" label={t('openDocs.log.state.title')}>
          <Select
            allowClear
            style={{ width: 130 }}
            data-testid="delivery-state-filter"
            options={WEBHOOK_DELIVERY_STATES.map((s) => ({ value: s, label: t(`openDocs.log.state.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="range" label={t('openDocs.log.createdAt')}>
          <DatePicker.RangePicker presets={datePresets()} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('openDocs.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              submit({});
            }}
          >
            {t('openDocs.reset')}
          </Button>
        </Space>
      </Form>
      <Can code={REDELIVER}>
        <Popconfirm
          title={t('openDocs.log.confirmBulk', { count: selected.length })}
          onConfirm={bulk}
          disabled={!selected.length}
        >
          <Button disabled={!selected.length} data-testid="redeliver-selected">
            {t('openDocs.log.redeliverSelected', { count: selected.length })}
          </Button>
        </Popconfirm>
      </Can>
      <PagedTable<WebhookDeliveryRow>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
        rowSelection={
          mayRedeliver
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (r) => ({ disabled: !canRedeliver(r) }),
              }
            : undefined
        }
      />
      <DeliveryDrawer id={open} onClose={() => setOpen(null)} onRedeliver={one} />
    </Space>
  );
}
