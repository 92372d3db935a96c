import { type InvoiceSummary, listInvoices, submitInvoiceDraft } from '@fpy/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, Popconfirm, Space, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../../crud/paged-table.tsx';
import { toast } from '../../../../lib/feedback.ts';
import { DATE_FORMAT, datePresets, formatDateTime } from '../../../../lib/format.ts';
import { call } from '../../../../lib/http.ts';
import { Can } from '../../../../lib/permission.tsx';
import { fen } from '../shared/money.ts';
import { InvoiceStatusTag } from '../shared/status-tag.tsx';
import { DiscardDialog } from './discard-dialog.tsx';
import { EditDraftDialog } from './edit-draft-dialog.tsx';
import { invoiceTypeName } from '../shared/invoice-type.ts';

type Filters = { keyword?: string; dateFrom?: string; dateTo?: string };

/** Spec §2.12 /outputInvoiceManager/stayOpenInvoice: drafts (also those review sent back): edit, submit, discard. */
export default function DraftsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const query = { ...filters, ...paging, status: 'draft' as const };
  const { data, isFetching } = useQuery({
    queryKey: ['invoicing', 'list', 'drafts', query],
    queryFn: ({ signal }) => call(listInvoices, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<number | null>(null);
  const [discarding, setDiscarding] = useState<InvoiceSummary | null>(null);

  const submit = (r: InvoiceSummary) =>
    call(submitInvoiceDraft, { params: { id: r.id } }).then(
      async (inv) => {
        toast.success(inv.status === 'pending_review' ? t('drafts.submittedReview') : t('drafts.submitted'));
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
    { title: t('drafts.col.taxNumber'), dataIndex: 'buyerTaxNumber' },
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
      render: (v: InvoiceSummary['status']) => <InvoiceStatusTag status={v} />,
    },
    { title: t('drafts.col.drawer'), dataIndex: 'drawer' },
    { title: t('drafts.col.serial'), dataIndex: 'clientSerial', ellipsis: true },
    {
      title: t('drafts.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_, r) => (
        <Space size={4}>
          <Can code="stayOpenInvoice:btn_edit">
            <Button type="link" size="small" onClick={() => setEditing(r.id)}>
              {t('drafts.edit')}
            </Button>
          </Can>
          <Can code="stayOpenInvoice:btn_issue">
            <Popconfirm title={t('drafts.confirmSubmit', { buyer: r.buyerName })} onConfirm={() => submit(r)}>
              <Button type="link" size="small">
                {t('drafts.submit')}
              </Button>
            </Popconfirm>
          </Can>
          <Can code="stayOpenInvoice:btn_discard">
            <Button type="link" size="small" danger onClick={() => setDiscarding(r)}>
              {t('drafts.discard')}
            </Button>
          </Can>
        </Space>
      ),
    },
  ];

  const search = (f: Filters) => {
    setFilters(f);
    setPaging((p) => ({ ...p, page: 1 }));
  };

  return (
    <Card>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          style={{ width: 320 }}
          placeholder={t('drafts.keywordHint')}
          onSearch={(v) => search({ ...filters, keyword: v.trim() || undefined })}
        />
        <DatePicker.RangePicker
          presets={datePresets()}
          onChange={(v) => {
            const range = v as [Dayjs | null, Dayjs | null] | null;
            search({
              ...filters,
              dateFrom: range?.[0]?.format(DATE_FORMAT),
              dateTo: range?.[1]?.format(DATE_FORMAT),
            });
          }}
        />
      </Space>
      <PagedTable<InvoiceSummary>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
      />
      <EditDraftDialog id={editing} onClose={() => setEditing(null)} />
      <DiscardDialog invoice={discarding} onClose={() => setDiscarding(null)} />
    </Card>
  );
}
