import { type CallLogRow, exportCallLogs } from '@fpy/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Space,
  Switch,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../crud/paged-table.tsx';
import { DATE_FORMAT, datePresets, formatDateTime } from '../../../lib/format.ts';
import { download } from '../../../lib/http.ts';
import { Can } from '../../../lib/permission.tsx';
import { type CallLogQuery, logsQuery } from './call-stats-api.ts';

interface FormValues {
  requestId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
  appId?: number;
  tenantId?: number;
  operation?: string;
  httpStatus?: number;
  code?: string;
  failedOnly?: boolean;
}

const statusColour = (s: number) => (s < 300 ? 'green' : s === 429 ? 'orange' : s < 500 ? 'gold' : 'red');

/**
 * Spec §2.12 /openPlatformManager/interfaceDetail (接口明细): every open-API call — search by request id, filters,
 * paging, export of the filtered rows.
 */
export default function DetailPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [filters, setFilters] = useState<Omit<CallLogQuery, 'page' | 'limit' | 'sort'>>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const query = { ...filters, ...paging };
  const { data, isFetching } = useQuery(logsQuery(query));
  const submit = (v: FormValues) => {
    setFilters({
      requestId: v.requestId?.trim() || undefined,
      dateFrom: v.range?.[0]?.format(DATE_FORMAT),
      dateTo: v.range?.[1]?.format(DATE_FORMAT),
      appId: v.appId ?? undefined,
      tenantId: v.tenantId ?? undefined,
      operation: v.operation?.trim() || undefined,
      httpStatus: v.httpStatus ?? undefined,
      code: v.code?.trim() || undefined,
      failedOnly: v.failedOnly ? 'true' : undefined,
    });
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const columns: TableProps<CallLogRow>['columns'] = [
    { title: t('callStats.at'), dataIndex: 'at', sorter: true, render: (v: string) => formatDateTime(v) },
    {
      title: t('callStats.requestId'),
      dataIndex: 'requestId',
      render: (v: string) => (
        <Typography.Text copyable={{ text: v }} style={{ fontFamily: 'monospace', fontSize: 12 }}>
          {v}
        </Typography.Text>
      ),
    },
    {
      title: t('callStats.app'),
      dataIndex: 'appName',
      render: (v: string | null, r) => v ?? r.appKey ?? '—',
    },
    { title: t('callStats.tenant'), dataIndex: 'tenantName', render: (v: string | null) => v ?? '—' },
    { title: t('callStats.operation'), dataIndex: 'operation', render: (v: string | null) => v ?? '—' },
    { title: t('callStats.path'), dataIndex: 'path', render: (v: string, r) => `${r.method} ${v}` },
    {
      title: 'HTTP',
      dataIndex: 'httpStatus',
      sorter: true,
      render: (v: number) => <Tag color={statusColour(v)}>{v}</Tag>,
    },
    { title: t('callStats.code'), dataIndex: 'code' },
    {
      title: t('callStats.latency'),
      dataIndex: 'latencyMs',
      sorter: true,
      align: 'right',
      render: (v: number) => `${v} ms`,
    },
    { title: t('callStats.auth'), dataIndex: 'authMode', render: (v: string | null) => v ?? '—' },
    { title: 'IP', dataIndex: 'ip', render: (v: string | null) => v ?? '—' },
  ];
  return (
    <Card>
      <Form<FormValues> form={form} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={submit}>
        <Form.Item name="requestId" label={t('callStats.requestId')}>
          <Input allowClear maxLength={64} style={{ width: 240 }} data-testid="request-id-input" />
        </Form.Item>
        <Form.Item name="range" label={t('callStats.range')}>
          <DatePicker.RangePicker presets={datePresets()} />
        </Form.Item>
        <Form.Item name="appId" label={t('callStats.appId')}>
          <InputNumber min={1} max={2_147_483_647} precision={0} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="tenantId" label={t('callStats.tenantId')}>
          <InputNumber min={1} max={2_147_483_647} precision={0} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="operation" label={t('callStats.operation')}>
          <Input allowClear maxLength={64} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="httpStatus" label="HTTP">
          <InputNumber min={100} max={599} precision={0} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="code" label={t('callStats.code')}>
          <Input allowClear maxLength={64} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="failedOnly" label={t('callStats.failedOnly')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="call-search">
            {t('callStats.search')}
          </Button>
          <Can code="interfaceDetail:btn_export">
            <Button onClick={() => void download(exportCallLogs, { query }).catch(() => undefined)}>
              {t('callStats.export')}
            </Button>
          </Can>
        </Space>
      </Form>
      <PagedTable<CallLogRow>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
      />
    </Card>
  );
}
