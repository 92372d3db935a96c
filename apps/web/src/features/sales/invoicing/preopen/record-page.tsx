import { listReviewRecords, type ReviewDecision, type ReviewRecordRow } from '@fpy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Table, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paging } from '../../../../crud/paged-table.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { call } from '../../../../lib/http.ts';
import { InvoiceDetailDrawer } from '../shared/invoice-detail-drawer.tsx';
import { invoiceColumns } from '../../../../entities/invoice/invoice-columns.tsx';
import { EventTimeline } from './event-timeline.tsx';
import { type ReviewFilterValues, ReviewFilters } from './review-filters.tsx';

const DECISION_COLOUR: Record<ReviewDecision, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  voided: 'default',
};
// An approved application is issued in the background: keep polling until it settles.
const SETTLING = ['ready', 'issuing'];

/** Spec §2.12 /outputInvoiceManager/preopenRecordManager: every application, its decision and its history. */
export default function PreopenRecordPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ReviewFilterValues>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const [viewing, setViewing] = useState<number | null>(null);
  const query = { ...filters, ...paging };
  const { data, isFetching } = useQuery({
    queryKey: ['invoice-review', 'records', query],
    queryFn: ({ signal }) => call(listReviewRecords, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.rows.some((r) => SETTLING.includes(r.status)) ? 2000 : false),
  });

  const col = invoiceColumns<ReviewRecordRow>(t);
  const columns: TableProps<ReviewRecordRow>['columns'] = [
    col('number', { width: 200 }),
    col('buyerName'),
    col('totalFen', { sorter: true }),
    { title: t('preopen.field.applicant'), dataIndex: 'applicantName', width: 110 },
    {
      title: t('preopen.field.appliedAt'),
      dataIndex: 'appliedAt',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
    { title: t('preopen.field.reviewer'), dataIndex: 'reviewerName', width: 110 },
    {
      title: t('preopen.field.reviewedAt'),
      dataIndex: 'reviewedAt',
      width: 170,
      render: (v: string | null) => formatDateTime(v),
    },
    {
      title: t('preopen.field.decision'),
      dataIndex: 'decision',
      width: 100,
      render: (v: ReviewDecision) => <Tag color={DECISION_COLOUR[v]}>{t(`preopen.decision.${v}`)}</Tag>,
    },
    { title: t('preopen.field.reason'), dataIndex: 'reason', ellipsis: true },
    col('status', { title: t('preopen.field.status'), width: 100 }),
    {
      title: t('preopen.actions'),
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_: unknown, r) => (
        <Button type="link" size="small" onClick={() => setViewing(r.id)}>
          {t('preopen.view')}
        </Button>
      ),
    },
  ];

  return (
    <Card>
      <ReviewFilters
        withRecordFields
        onSearch={(f) => {
          setFilters(f);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <ExpandableTable
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
      />
      <InvoiceDetailDrawer invoiceId={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}

/**
 * The paged table whose rows expand into their timeline (crud's PagedTable has no expandable rows); paging and
 * sorting work as there.
 */
function ExpandableTable({
  columns,
  data,
  loading,
  paging,
  onPaging,
}: {
  columns: TableProps<ReviewRecordRow>['columns'];
  data: { rows: ReviewRecordRow[]; total: number } | undefined;
  loading: boolean;
  paging: Paging;
  onPaging: (p: Paging) => void;
}) {
  const { t } = useTranslation();
  const onChange: TableProps<ReviewRecordRow>['onChange'] = (p, _f, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = s?.order && s.field ? `${s.order === 'descend' ? '-' : ''}${String(s.field)}` : undefined;
    onPaging({ page: p.current ?? 1, limit: p.pageSize ?? 20, sort });
  };
  return (
    <Table<ReviewRecordRow>
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      loading={loading}
      columns={columns}
      dataSource={data?.rows ?? []}
      onChange={onChange}
      expandable={{ expandedRowRender: (r) => <EventTimeline events={r.events} /> }}
      pagination={{
        current: paging.page,
        pageSize: paging.limit,
        total: data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t('crud.total', { total }),
      }}
    />
  );
}
