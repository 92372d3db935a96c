import { type InvoiceSummary, listInvoices, retryInvoice } from '@fpy/contracts';
import type { InvoiceStatus } from '@fpy/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Select, Space, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../../crud/paged-table.tsx';
import { toast } from '../../../../lib/feedback.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { call } from '../../../../lib/http.ts';
import { Can } from '../../../../lib/permission.tsx';
import { fen } from '../shared/money.ts';
import { InvoiceStatusTag } from '../shared/status-tag.tsx';
import { DiscardDialog } from './discard-dialog.tsx';
import { invoiceTypeName } from '../shared/invoice-type.ts';

const QUEUE: InvoiceStatus[] = ['ready', 'issuing', 'failed'];
const IN_FLIGHT: InvoiceStatus[] = ['ready', 'issuing'];

/**
 * Spec §2.12 /outputInvoiceManager/stayOpenList: invoices waiting for or refused by the bureau. While any is
 * in flight the list refreshes itself every 2 s; failures show the bureau's reason, with retry and abandon.
 */
export default function QueuePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [statuses, setStatuses] = useState<InvoiceStatus[]>(QUEUE);
  const [keyword, setKeyword] = useState<string | undefined>();
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const query = { ...paging, keyword, statuses: (statuses.length ? statuses : QUEUE).join(',') };
  const { data, isFetching } = useQuery({
    queryKey: ['invoicing', 'list', 'queue', query],
    queryFn: ({ signal }) => call(listInvoices, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.rows.some((r) => IN_FLIGHT.includes(r.status)) ? 2000 : false),
  });
  const [discarding, setDiscarding] = useState<InvoiceSummary | null>(null);

  const retry = (r: InvoiceSummary) =>
    call(retryInvoice, { params: { id: r.id } }).then(
      async () => {
        toast.success(t('drafts.retried'));
        await qc.invalidateQueries({ queryKey: ['invoicing', 'list'] });
      },
      () => undefined,
    );

  const columns: TableProps<InvoiceSummary>['columns'] = [
    {
      title: t('drafts.col.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('drafts.col.type'),
      dataIndex: 'type',
      render: (v: InvoiceSummary['type']) => invoiceTypeName(t, v),
    },
    { title: t('drafts.col.buyer'), dataIndex: 'buyerName', ellipsis: true },
    {
      title: t('drafts.col.total'),
      dataIndex: 'totalFen',
      sorter: true,
      align: 'right',
      render: (v: number) => fen(v),
    },
    {
      title: t('drafts.col.status'),
      dataIndex: 'status',
      render: (v: InvoiceSummary['status']) => (
        <span data-testid="queue-status">
          <InvoiceStatusTag status={v} />
        </span>
      ),
    },
    {
      title: t('drafts.col.failure'),
      dataIndex: 'failureReason',
      ellipsis: true,
      render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : null),
    },
    { title: t('drafts.col.serial'), dataIndex: 'clientSerial', ellipsis: true },
    {
      title: t('drafts.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 160,
      render: (_, r) =>
        r.status === 'failed' ? (
          <Space size={4}>
            <Can code="stayOpenList:btn_retry">
              <Popconfirm title={t('drafts.confirmRetry')} onConfirm={() => retry(r)}>
                <Button type="link" size="small">
                  {t('drafts.retry')}
                </Button>
              </Popconfirm>
            </Can>
            <Can code="stayOpenList:btn_discard">
              <Button type="link" size="small" danger onClick={() => setDiscarding(r)}>
                {t('drafts.abandon')}
              </Button>
            </Can>
          </Space>
        ) : null,
    },
  ];

  return (
    <Card>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          style={{ width: 320 }}
          placeholder={t('drafts.keywordHint')}
          onSearch={(v) => {
            setKeyword(v.trim() || undefined);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Select<InvoiceStatus[]>
          mode="multiple"
          style={{ minWidth: 280 }}
          value={statuses}
          placeholder={t('drafts.col.status')}
          onChange={(v) => {
            setStatuses(v);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={QUEUE.map((s) => ({ value: s, label: t(`invoiceStatus.${s}`) }))}
        />
      </Space>
      <PagedTable<InvoiceSummary>
        columns={columns}
        data={data}
        loading={isFetching && !data}
        paging={paging}
        onPaging={setPaging}
      />
      <DiscardDialog invoice={discarding} onClose={() => setDiscarding(null)} />
    </Card>
  );
}
