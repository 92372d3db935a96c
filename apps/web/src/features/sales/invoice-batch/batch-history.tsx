import { type InvoiceBatchRow, listInvoiceBatches } from '@fpy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Progress, Space, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../crud/paged-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { call } from '../../../lib/http.ts';
import { downloadResult } from './batch-panel.tsx';
import { BATCH_KEY } from './queries.ts';

const STATUS_COLOR: Record<InvoiceBatchRow['status'], string> = {
  validated: 'default',
  running: 'processing',
  done: 'success',
  cancelled: 'default',
};

/** Earlier batches: who uploaded what and when, counts, status; refreshed while one is still running. */
export function BatchHistory({ current, onView }: { current: number | null; onView: (id: number) => void }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 10 });
  // Polling refetches quietly: the spinner only covers the first load and page changes.
  const { data, isFetching, isPlaceholderData } = useQuery({
    queryKey: [BATCH_KEY, 'list', paging],
    queryFn: ({ signal }) => call(listInvoiceBatches, { query: paging, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.rows.some((r) => r.status === 'running') ? 2000 : false),
  });

  const columns: TableProps<InvoiceBatchRow>['columns'] = [
    { title: t('invoiceBatch.col.fileName'), dataIndex: 'fileName', ellipsis: true },
    { title: t('invoiceBatch.col.createdBy'), dataIndex: 'createdByName' },
    {
      title: t('invoiceBatch.col.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => formatDateTime(v),
    },
    { title: t('invoiceBatch.col.rowsTotal'), dataIndex: 'totalRows' },
    { title: t('invoiceBatch.col.invoices'), dataIndex: 'invoiceCount' },
    { title: t('invoiceBatch.col.issued'), key: 'issued', render: (_: unknown, r) => r.progress.issued },
    { title: t('invoiceBatch.col.failed'), key: 'failed', render: (_: unknown, r) => r.progress.failed },
    {
      title: t('invoiceBatch.col.status'),
      dataIndex: 'status',
      render: (v: InvoiceBatchRow['status'], r) =>
        v === 'running' ? (
          <Progress size="small" percent={r.progress.percent} style={{ width: 120 }} />
        ) : (
          <Tag color={STATUS_COLOR[v]}>{t(`invoiceBatch.status.${v}`)}</Tag>
        ),
    },
    {
      title: t('invoiceBatch.col.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" disabled={r.id === current} onClick={() => onView(r.id)}>
            {t('invoiceBatch.view')}
          </Button>
          <Button type="link" size="small" onClick={() => void downloadResult(r)}>
            {t('invoiceBatch.downloadResult')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('invoiceBatch.history')}>
      <PagedTable<InvoiceBatchRow>
        columns={columns}
        data={data}
        loading={isFetching && (!data || isPlaceholderData)}
        paging={paging}
        onPaging={setPaging}
      />
    </Card>
  );
}
