import { CHECK_CHANNELS, CHECK_RESULTS, type CheckRecordView } from '@fpy/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Drawer,
  Form,
  Input,
  Select,
  Space,
  type TableProps,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../crud/paged-table.tsx';
import { fen } from '../../../entities/invoice/money.ts';
import { DATE_FORMAT, datePresets, formatDateTime } from '../../../lib/format.ts';
import { Can } from '../../../lib/permission.tsx';
import { CheckResult, ResultTag } from './check-result.tsx';
import { type ExportQuery, exportRecords, recordQuery, recordsQuery } from './checks-api.ts';

interface FormValues {
  result?: CheckRecordView['result'];
  channel?: CheckRecordView['channel'];
  number?: string;
  batchId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/**
 * Spec §2.12 /receiptsInvoice/checkRecord (查验记录): every check the company made — single, scanned, batch and the
 * ones a reimbursement made — who and when, the verdict; the detail shows the request and the bureau's reply as
 * they were; export with the filters.
 */
export default function CheckRecordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [filters, setFilters] = useState<ExportQuery>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const [open, setOpen] = useState<number | null>(null);
  const { data, isFetching } = useQuery(recordsQuery({ ...filters, page: paging.page, limit: paging.limit }));

  const submit = ({ range, number, batchId, ...rest }: FormValues) => {
    setFilters({
      ...rest,
      number: number?.trim() || undefined,
      batchId: batchId?.trim() || undefined,
      dateFrom: range?.[0]?.format(DATE_FORMAT),
      dateTo: range?.[1]?.format(DATE_FORMAT),
    });
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const columns: TableProps<CheckRecordView>['columns'] = [
    {
      title: t('purchaseChecks.field.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => formatDateTime(v),
    },
    { title: t('purchaseChecks.field.checkedBy'), dataIndex: 'checkedByName' },
    {
      title: t('purchaseChecks.field.channel'),
      dataIndex: 'channel',
      render: (v: string) => t(`purchaseChecks.channel.${v}`),
    },
    { title: t('purchaseChecks.field.code'), dataIndex: 'code', render: (v: string | null) => v ?? '—' },
    { title: t('purchaseChecks.field.number'), dataIndex: 'number' },
    { title: t('purchaseChecks.field.issueDate'), dataIndex: 'issueDate' },
    {
      title: t('purchaseChecks.field.result'),
      key: 'result',
      render: (_: unknown, r) => <ResultTag r={r} />,
    },
    {
      title: t('purchaseChecks.field.seller'),
      key: 'seller',
      render: (_: unknown, r) => r.invoice?.sellerName ?? '—',
    },
    {
      title: t('purchaseChecks.field.totalFen'),
      key: 'total',
      align: 'right',
      render: (_: unknown, r) => (r.invoice ? fen(r.invoice.totalFen) : '—'),
    },
    {
      title: t('purchaseChecks.actions'),
      key: 'actions',
      render: (_: unknown, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r.id)}>
          {t('purchaseChecks.detail')}
        </Button>
      ),
    },
  ];

  return (
    <Card>
      <Form<FormValues>
        form={form}
        layout="inline"
        name="check-record-filters"
        onFinish={submit}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="result" label={t('purchaseChecks.field.result')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={CHECK_RESULTS.map((s) => ({ value: s, label: t(`purchaseChecks.result.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="channel" label={t('purchaseChecks.field.channel')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={CHECK_CHANNELS.map((s) => ({ value: s, label: t(`purchaseChecks.channel.${s}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="number"
          label={t('purchaseChecks.field.number')}
          rules={[{ pattern: /^\d*$/, message: t('purchaseChecks.rule.digits') }]}
        >
          <Input allowClear maxLength={20} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="batchId"
          label={t('purchaseChecks.field.batchId')}
          rules={[{ pattern: /^[\w-]*$/, message: t('purchaseChecks.rule.batchId') }]}
        >
          <Input allowClear maxLength={40} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="range" label={t('purchaseChecks.field.createdAt')}>
          <DatePicker.RangePicker presets={datePresets()} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('purchaseChecks.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              submit({});
            }}
          >
            {t('purchaseChecks.reset')}
          </Button>
          <Can code="checkRecord:btn_export">
            <Button onClick={() => exportRecords(filters).catch(() => {})}>
              {t('purchaseChecks.export')}
            </Button>
          </Can>
        </Space>
      </Form>
      <PagedTable<CheckRecordView>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        width={720}
        title={t('purchaseChecks.detail')}
        destroyOnHidden
      >
        {open !== null && <RecordDetail id={open} />}
      </Drawer>
    </Card>
  );
}

function RecordDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data } = useQuery(recordQuery(id));
  if (!data) return null;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <CheckResult r={data} />
      <Typography.Title level={5}>{t('purchaseChecks.request')}</Typography.Title>
      <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>{JSON.stringify(data.request, null, 2)}</pre>
      <Typography.Title level={5}>{t('purchaseChecks.reply')}</Typography.Title>
      <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>{JSON.stringify(data.reply, null, 2)}</pre>
    </Space>
  );
}
