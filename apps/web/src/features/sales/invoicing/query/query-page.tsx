import { exportInvoiceQuery, type InvoiceQueryRow, queryInvoices, zipInvoicePdfs } from '@fpy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Space, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../../crud/paged-table.tsx';
import { toast } from '../../../../lib/feedback.ts';
import { call, download } from '../../../../lib/http.ts';
import { Can } from '../../../../lib/permission.tsx';
import { InvoiceDetailDrawer } from '../shared/invoice-detail-drawer.tsx';
import { invoiceColumns } from '../../../../entities/invoice/invoice-columns.tsx';
import { InvoiceStatusTag } from '../../../../entities/invoice/status-tag.tsx';
import { CategoryDialog } from './category/category-dialog.tsx';
import {
  ContributedBulkActions,
  contributedSections,
} from '../../../../entities/invoice/contributed-actions.tsx';
import { InvoiceActions } from './invoice-actions.tsx';
import { type Filters, InvoiceSearchForm } from './search-form.tsx';
import { VoidDialog } from './void-dialog.tsx';

const MENU = 'salesInvoiceQuery';
const DEFAULT_SORT = '-issuedAt';
const SETTLING = ['ready', 'issuing'];
const ZIP_MAX_SELECTED = 500;
const CLASSIFY_MAX = 500;

/** Spec §2.12 /outputInvoiceManager/salesInvoiceQuery: find issued invoices, act on them, export them. */
export default function InvoiceQueryPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20, sort: DEFAULT_SORT });
  const [selected, setSelected] = useState<number[]>([]);
  const [detail, setDetail] = useState<InvoiceQueryRow | null>(null);
  const [voiding, setVoiding] = useState<{ id: number; number: string | null } | null>(null);
  const [zipping, setZipping] = useState(false);
  const [classifying, setClassifying] = useState(false);
  const query = { ...filters, ...paging };
  const { data, isFetching } = useQuery({
    queryKey: ['invoicing', 'query', query],
    queryFn: ({ signal }) => call(queryInvoices, { query, signal }),
    placeholderData: keepPreviousData,
    // Invoices still with the bureau change state on their own: follow them without a manual refresh.
    refetchInterval: (q) => (q.state.data?.rows.some((r) => SETTLING.includes(r.status)) ? 3000 : false),
  });

  const search = (f: Filters) => {
    setFilters(f);
    setSelected([]);
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const zip = async (body: { ids: number[] } | { filter: Filters }) => {
    setZipping(true);
    try {
      await download(zipInvoicePdfs, { body });
    } catch {
      // shown by the shared error display
    } finally {
      setZipping(false);
    }
  };

  const col = invoiceColumns<InvoiceQueryRow>(t);
  const columns: TableProps<InvoiceQueryRow>['columns'] = [
    col('number', {
      sorter: true,
      render: (v: string | null, r) => (
        <Typography.Link onClick={() => setDetail(r)}>{v ?? t('invoiceQuery.noNumber')}</Typography.Link>
      ),
    }),
    col('issuedAt', { sorter: true, defaultSortOrder: 'descend' }),
    col('buyerName', { width: 220 }),
    col('buyerTaxNumber'),
    col('type'),
    col('amountFen'),
    col('taxFen'),
    col('totalFen', { sorter: true }),
    col('status', {
      render: (v: InvoiceQueryRow['status'], r) => (
        <Space size={4}>
          <InvoiceStatusTag status={v} />
          {r.failureReason && (
            <Typography.Text type="danger" ellipsis={{ tooltip: r.failureReason }} style={{ maxWidth: 160 }}>
              {r.failureReason}
            </Typography.Text>
          )}
        </Space>
      ),
    }),
    col('colour', {
      render: (v: 'blue' | 'red', r) => (
        <Space size={4}>
          <Tag color={v === 'red' ? 'red' : 'blue'}>{t(`invoiceColour.${v}`)}</Tag>
          {r.blueNumber && <Typography.Text type="secondary">{r.blueNumber}</Typography.Text>}
        </Space>
      ),
    }),
    col('drawer'),
    {
      title: t('invoiceCategory.column'),
      dataIndex: 'categoryName',
      key: 'categoryName',
      width: 140,
      render: (v: string | null) => v ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: t('invoiceQuery.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, r) => <InvoiceActions inv={r} onVoid={() => setVoiding(r)} contributed />,
    },
  ];

  return (
    <Card>
      <InvoiceSearchForm onSearch={search} />
      <Space style={{ marginBottom: 16 }} wrap>
        <Can code={`${MENU}:btn_export`}>
          <Button
            onClick={() =>
              void download(exportInvoiceQuery, { query: { ...filters, sort: paging.sort } }).catch(
                () => undefined,
              )
            }
          >
            {t('invoiceQuery.export')}
          </Button>
        </Can>
        <Can code={`${MENU}:btn_download`}>
          <Button
            disabled={!selected.length}
            loading={zipping}
            onClick={() => {
              if (selected.length > ZIP_MAX_SELECTED)
                return toast.warning(t('invoiceQuery.zipTooMany', { max: ZIP_MAX_SELECTED }));
              void zip({ ids: selected });
            }}
          >
            {t('invoiceQuery.zipSelected', { count: selected.length })}
          </Button>
          <Button loading={zipping} onClick={() => void zip({ filter: filters })}>
            {t('invoiceQuery.zipFiltered')}
          </Button>
        </Can>
        <Can code={`${MENU}:btn_classify`}>
          <Button
            disabled={!selected.length}
            onClick={() =>
              selected.length > CLASSIFY_MAX
                ? toast.warning(t('invoiceCategory.tooMany', { max: CLASSIFY_MAX }))
                : setClassifying(true)
            }
          >
            {t('invoiceCategory.action', { count: selected.length })}
          </Button>
        </Can>
        {/* Other areas' verbs on the ticked invoices (delivery's 批量交付 and 批量短信链接). */}
        <ContributedBulkActions ids={selected} />
      </Space>
      <PagedTable<InvoiceQueryRow>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
        defaultSort={DEFAULT_SORT}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys as number[]),
        }}
      />
      <InvoiceDetailDrawer
        invoiceId={detail?.id ?? null}
        onClose={() => setDetail(null)}
        downloadCode={`${MENU}:btn_download`}
        actions={(inv, row) => (
          <>
            {row?.categoryName && <Tag>{t('invoiceCategory.current', { name: row.categoryName })}</Tag>}
            <InvoiceActions inv={inv} onVoid={() => setVoiding(inv)} contributed />
          </>
        )}
        sections={contributedSections}
      />
      <VoidDialog invoice={voiding} onClose={() => setVoiding(null)} />
      <CategoryDialog ids={selected} open={classifying} onClose={() => setClassifying(false)} />
    </Card>
  );
}
