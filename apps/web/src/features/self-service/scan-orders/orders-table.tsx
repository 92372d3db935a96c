import type { OrderRow, OrderViewState } from '@fpy/contracts';
import { SCAN_ORDER_ORIGINS, SCAN_ORDER_VIEW_STATES } from '@fpy/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select, Space, type TableProps, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../crud/paged-table.tsx';
import { fen } from '../../../entities/invoice/money.ts';
import { DATE_FORMAT, datePresets, formatDateTime } from '../../../lib/format.ts';
import { type OrderQuery, ordersQuery } from './orders-api.ts';
import { linesText, OrderStateTag, RequestStateTag } from './order-parts.tsx';

interface FormValues {
  state?: OrderViewState;
  origin?: OrderRow['origin'];
  q?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}
type Filters = Omit<OrderQuery, 'page' | 'limit' | 'sort'>;

/** The orders list both pages show: filters, state, buyer, invoice; the page adds its own actions. */
export function OrdersTable({
  actions,
  toolbar,
  initial = {},
  name,
}: {
  actions?: (r: OrderRow) => ReactNode;
  toolbar?: ReactNode;
  initial?: Filters;
  name: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [filters, setFilters] = useState<Filters>(initial);
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const { data, isFetching } = useQuery(ordersQuery({ ...filters, ...paging }));
  const submit = ({ range, q, ...rest }: FormValues) => {
    setFilters({
      ...rest,
      q: q?.trim() || undefined,
      dateFrom: range?.[0]?.format(DATE_FORMAT),
      dateTo: range?.[1]?.format(DATE_FORMAT),
    });
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const columns: TableProps<OrderRow>['columns'] = [
    {
      title: t('scanOrders.field.order'),
      dataIndex: 'externalNo',
      render: (v: string | null, r) => (
        <Space direction="vertical" size={0}>
          <span>{v ?? '—'}</span>
          <Typography.Text type="secondary" copyable={{ text: r.code }} style={{ fontSize: 12 }}>
            {r.code}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('scanOrders.field.origin'),
      dataIndex: 'origin',
      render: (v: string) => t(`scanOrders.origin.${v}`),
    },
    { title: t('scanOrders.field.lines'), dataIndex: 'firstLine', render: (_: string, r) => linesText(t, r) },
    {
      title: t('scanOrders.field.amount'),
      dataIndex: 'amountFen',
      align: 'right',
      sorter: true,
      render: (v: number) => fen(v),
    },
    {
      title: t('scanOrders.field.state'),
      dataIndex: 'state',
      render: (v: OrderViewState, r) => (
        <span data-testid={`order-state-${r.id}`}>
          <OrderStateTag state={v} />
        </span>
      ),
    },
    {
      title: t('scanOrders.field.request'),
      dataIndex: 'requestState',
      render: (v: OrderRow['requestState']) => <RequestStateTag state={v} />,
    },
    { title: t('scanOrders.field.buyer'), dataIndex: 'buyerName', render: (v: string | null) => v ?? '—' },
    {
      title: t('scanOrders.field.invoice'),
      dataIndex: 'invoiceNumber',
      render: (v: string | null) => v ?? '—',
    },
    {
      title: t('scanOrders.field.expiresAt'),
      dataIndex: 'expiresAt',
      render: (v: string | null) => (v ? formatDateTime(v) : '—'),
    },
    {
      title: t('scanOrders.field.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      render: (v: string) => formatDateTime(v),
    },
    ...(actions
      ? [
          {
            title: t('scanOrders.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, r: OrderRow) => actions(r),
          },
        ]
      : []),
  ];
  return (
    <>
      <Form<FormValues>
        form={form}
        layout="inline"
        name={name}
        onFinish={submit}
        initialValues={initial}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="state" label={t('scanOrders.field.state')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={SCAN_ORDER_VIEW_STATES.map((s) => ({ value: s, label: t(`scanOrders.state.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="origin" label={t('scanOrders.field.origin')}>
          <Select
            allowClear
            style={{ width: 130 }}
            options={SCAN_ORDER_ORIGINS.map((s) => ({ value: s, label: t(`scanOrders.origin.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="q" label={t('scanOrders.field.q')}>
          <Input allowClear maxLength={64} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="range" label={t('scanOrders.field.createdAt')}>
          <DatePicker.RangePicker presets={datePresets()} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('scanOrders.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              submit({});
            }}
          >
            {t('scanOrders.reset')}
          </Button>
        </Space>
      </Form>
      {toolbar}
      <PagedTable<OrderRow>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
      />
    </>
  );
}
