import type { RequestRow, RequestState } from '@fpy/contracts';
import { REQUEST_SOURCES, REQUEST_STATES } from '@fpy/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../crud/paged-table.tsx';
import { fen } from '../../../entities/invoice/money.ts';
import { toast } from '../../../lib/feedback.ts';
import { DATE_FORMAT, datePresets, formatDateTime } from '../../../lib/format.ts';
import { Can, useCan } from '../../../lib/permission.tsx';
import { approve, type RequestQuery, refreshRequests, reject, requestsQuery } from './requests-api.ts';

const COLOR: Record<RequestState, string> = {
  pending: 'warning',
  approved: 'processing',
  rejected: 'error',
  issuing: 'processing',
  issued: 'success',
  failed: 'error',
};

interface FormValues {
  state?: RequestState;
  source?: RequestRow['source'];
  q?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}
type Filters = Omit<RequestQuery, 'page' | 'limit' | 'sort'>;

/**
 * Spec §2.12 /outputInvoiceManager/invoiceApply (开票申请): buyers' asks from scan orders and code boards —
 * review the title and amount, approve (issued through the normal pipeline) or reject with a reason the buyer
 * reads, one or the selected ones.
 */
export default function InvoiceApplyPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [filters, setFilters] = useState<Filters>({ state: 'pending' });
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [rejecting, setRejecting] = useState<number[] | null>(null);
  const [reason, setReason] = useState('');
  const mayReview = useCan(['invoiceApply:btn_approve', 'invoiceApply:btn_reject']);
  const { data, isFetching } = useQuery(requestsQuery({ ...filters, ...paging }));

  const submit = ({ range, q, ...rest }: FormValues) => {
    setFilters({
      ...rest,
      q: q?.trim() || undefined,
      dateFrom: range?.[0]?.format(DATE_FORMAT),
      dateTo: range?.[1]?.format(DATE_FORMAT),
    });
    setSelected([]);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const done = async (res: { done: number[]; skipped: number[] }) => {
    toast.success(t('invoiceRequests.bulkDone', { done: res.done.length, skipped: res.skipped.length }));
    setSelected([]);
    await refreshRequests(qc);
  };
  const doApprove = async (ids: number[]) => {
    try {
      await done(await approve(ids));
    } catch {
      // Shown by the shared client.
    }
  };
  const doReject = async () => {
    if (!rejecting || !reason.trim()) return;
    try {
      await done(await reject(rejecting, reason.trim()));
      setRejecting(null);
      setReason('');
    } catch {
      // Shown by the shared client.
    }
  };

  const columns: TableProps<RequestRow>['columns'] = [
    { title: t('invoiceRequests.field.id'), dataIndex: 'id', render: (v: number) => `#${v}` },
    {
      title: t('invoiceRequests.field.source'),
      dataIndex: 'source',
      render: (v: string, r) => (
        <Space direction="vertical" size={0}>
          <span>{t(`invoiceRequests.source.${v}`)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.sourceLabel}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('invoiceRequests.field.buyer'),
      dataIndex: 'buyerName',
      render: (v: string, r) => (
        <Space direction="vertical" size={0}>
          <span>
            {v} <Tag>{t(`invoiceRequests.kind.${r.buyerKind}`)}</Tag>
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.buyerTaxNumber ?? ''}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('invoiceRequests.field.contact'),
      key: 'contact',
      render: (_: unknown, r) => [r.mobile, r.email].filter(Boolean).join(' / ') || '—',
    },
    {
      title: t('invoiceRequests.field.type'),
      dataIndex: 'invoiceType',
      render: (v: string) => t(`invoiceRequests.type.${v}`, { defaultValue: v }),
    },
    {
      title: t('invoiceRequests.field.lines'),
      dataIndex: 'lines',
      render: (v: RequestRow['lines']) =>
        v.length > 1 ? t('invoiceRequests.more', { first: v[0].name, count: v.length }) : (v[0]?.name ?? ''),
    },
    {
      title: t('invoiceRequests.field.amount'),
      dataIndex: 'amountFen',
      align: 'right',
      sorter: true,
      render: (v: number) => fen(v),
    },
    {
      title: t('invoiceRequests.field.state'),
      dataIndex: 'state',
      render: (v: RequestState, r) => (
        <Space direction="vertical" size={0} data-testid={`request-state-${r.id}`}>
          <Tag color={COLOR[v]}>{t(`invoiceRequests.state.${v}`)}</Tag>
          {r.rejectReason && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {r.rejectReason}
            </Typography.Text>
          )}
          {r.failReason && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {r.failReason}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('invoiceRequests.field.invoice'),
      dataIndex: 'invoiceNumber',
      render: (v: string | null) => v ?? '—',
    },
    {
      title: t('invoiceRequests.field.reviewer'),
      dataIndex: 'reviewedByName',
      render: (v: string | null, r) => (v ? `${v} ${r.reviewedAt ? formatDateTime(r.reviewedAt) : ''}` : '—'),
    },
    {
      title: t('invoiceRequests.field.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('invoiceRequests.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, r) =>
        r.state === 'pending' ? (
          <Space size={0}>
            <Can code="invoiceApply:btn_approve">
              <Popconfirm
                title={t('invoiceRequests.approveConfirm', { count: 1 })}
                onConfirm={() => doApprove([r.id])}
              >
                <Button type="link" size="small" data-testid={`approve-${r.id}`}>
                  {t('invoiceRequests.approve')}
                </Button>
              </Popconfirm>
            </Can>
            <Can code="invoiceApply:btn_reject">
              <Button
                type="link"
                size="small"
                danger
                onClick={() => setRejecting([r.id])}
                data-testid={`reject-${r.id}`}
              >
                {t('invoiceRequests.reject')}
              </Button>
            </Can>
          </Space>
        ) : null,
    },
  ];

  return (
    <Card>
      <Form<FormValues>
        form={form}
        layout="inline"
        name="invoice-request-filters"
        onFinish={submit}
        initialValues={{ state: 'pending' }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="state" label={t('invoiceRequests.field.state')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={REQUEST_STATES.map((s) => ({ value: s, label: t(`invoiceRequests.state.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="source" label={t('invoiceRequests.field.source')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={REQUEST_SOURCES.map((s) => ({ value: s, label: t(`invoiceRequests.source.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="q" label={t('invoiceRequests.field.q')}>
          <Input allowClear maxLength={100} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="range" label={t('invoiceRequests.field.createdAt')}>
          <DatePicker.RangePicker presets={datePresets()} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('invoiceRequests.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              submit({});
            }}
          >
            {t('invoiceRequests.reset')}
          </Button>
        </Space>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        <Can code="invoiceApply:btn_approve">
          <Popconfirm
            title={t('invoiceRequests.approveConfirm', { count: selected.length })}
            onConfirm={() => doApprove(selected)}
            disabled={!selected.length}
          >
            <Button type="primary" disabled={!selected.length} data-testid="approve-selected">
              {t('invoiceRequests.approveSelected', { count: selected.length })}
            </Button>
          </Popconfirm>
        </Can>
        <Can code="invoiceApply:btn_reject">
          <Button danger disabled={!selected.length} onClick={() => setRejecting(selected)}>
            {t('invoiceRequests.rejectSelected', { count: selected.length })}
          </Button>
        </Can>
      </Space>
      <PagedTable<RequestRow>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
        rowSelection={
          mayReview
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (r) => ({ disabled: r.state !== 'pending' }),
              }
            : undefined
        }
      />
      <Modal
        open={!!rejecting}
        title={t('invoiceRequests.rejectTitle')}
        onCancel={() => setRejecting(null)}
        onOk={doReject}
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        okText={t('invoiceRequests.reject')}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('invoiceRequests.rejectHint')}</Typography.Paragraph>
        <Input.TextArea
          aria-label={t('invoiceRequests.field.reason')}
          placeholder={t('invoiceRequests.reasonRequired')}
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Card>
  );
}
