import { listPendingReview, type PendingReviewRow } from '@fpy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Space, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../../crud/paged-table.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { call } from '../../../../lib/http.ts';
import { Can } from '../../../../lib/permission.tsx';
import { InvoiceDetailDrawer } from '../shared/invoice-detail-drawer.tsx';
import { invoiceColumns } from '../../../../entities/invoice/invoice-columns.tsx';
import { ApproveDialog } from './approve-dialog.tsx';
import { AppQrButton, PhoneBindButton } from './phone-review.tsx';
import { RejectDialog } from './reject-dialog.tsx';
import { useReviewActions } from './review-actions.ts';
import { type ReviewFilterValues, ReviewFilters } from './review-filters.tsx';

const APPROVE = 'preopenAuditManager:btn_approve';
const REJECT = 'preopenAuditManager:btn_reject';

/** Spec §2.12 /outputInvoiceManager/preopenAuditManager: finance approves (which issues) or rejects applications. */
export default function PreopenAuditPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ReviewFilterValues>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [approving, setApproving] = useState<number[] | null>(null);
  const [rejecting, setRejecting] = useState<number[] | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const actions = useReviewActions();
  const query = {
    applicant: filters.applicant,
    buyer: filters.buyer,
    dateFrom: filters.dateFrom,
    dateTo: filters.dateTo,
    ...paging,
  };
  const { data, isFetching } = useQuery({
    queryKey: ['invoice-review', 'pending', query],
    queryFn: ({ signal }) => call(listPendingReview, { query, signal }),
    placeholderData: keepPreviousData,
  });

  const done = (ids: number[]) => {
    setSelected((s) => s.filter((id) => !ids.includes(id)));
    setViewing((v) => (v !== null && ids.includes(v) ? null : v));
  };
  const approve = async (note: string) => {
    const ids = approving ?? [];
    await actions.approve(ids, note).catch(() => undefined);
    setApproving(null);
    done(ids);
  };
  const reject = async (reason: string) => {
    const ids = rejecting ?? [];
    await actions.reject(ids, reason).catch(() => undefined);
    setRejecting(null);
    done(ids);
  };

  const col = invoiceColumns<PendingReviewRow>(t);
  const columns: TableProps<PendingReviewRow>['columns'] = [
    { title: t('preopen.field.applicant'), dataIndex: 'applicantName', width: 110 },
    {
      title: t('preopen.field.appliedAt'),
      dataIndex: 'appliedAt',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
    col('buyerName'),
    col('buyerTaxNumber', { width: 190 }),
    col('type'),
    col('amountFen'),
    col('taxFen'),
    col('totalFen', { sorter: true }),
    col('remarks'),
    {
      title: t('preopen.actions'),
      key: 'actions',
      fixed: 'right',
      width: 180,
      render: (_: unknown, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setViewing(r.id)}>
            {t('preopen.view')}
          </Button>
          <Can code={APPROVE}>
            <Button type="link" size="small" onClick={() => setApproving([r.id])}>
              {t('preopen.approve')}
            </Button>
          </Can>
          <Can code={REJECT}>
            <Button type="link" size="small" danger onClick={() => setRejecting([r.id])}>
              {t('preopen.reject')}
            </Button>
          </Can>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <ReviewFilters
        onSearch={(f) => {
          setFilters(f);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <Space style={{ marginBottom: 12 }}>
        <Can code={APPROVE}>
          <Button type="primary" disabled={!selected.length} onClick={() => setApproving(selected)}>
            {t('preopen.approveSelected', { count: selected.length })}
          </Button>
        </Can>
        <Can code={REJECT}>
          <Button danger disabled={!selected.length} onClick={() => setRejecting(selected)}>
            {t('preopen.rejectSelected', { count: selected.length })}
          </Button>
        </Can>
        <PhoneBindButton />
      </Space>
      <PagedTable<PendingReviewRow>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          preserveSelectedRowKeys: false,
        }}
      />
      <InvoiceDetailDrawer
        invoiceId={viewing}
        onClose={() => setViewing(null)}
        actions={(inv) =>
          inv.status === 'pending_review' ? (
            <>
              <Can code={APPROVE}>
                <Button type="primary" onClick={() => setApproving([inv.id])}>
                  {t('preopen.approve')}
                </Button>
              </Can>
              <Can code={REJECT}>
                <Button danger onClick={() => setRejecting([inv.id])}>
                  {t('preopen.reject')}
                </Button>
              </Can>
              <AppQrButton invoiceId={inv.id} />
            </>
          ) : null
        }
      />
      <ApproveDialog
        open={approving !== null}
        count={approving?.length ?? 0}
        onCancel={() => setApproving(null)}
        onSubmit={approve}
      />
      <RejectDialog
        open={rejecting !== null}
        count={rejecting?.length ?? 0}
        onCancel={() => setRejecting(null)}
        onSubmit={reject}
      />
    </Card>
  );
}
