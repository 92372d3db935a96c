import { type InvoiceSummary, listInvoices } from '@fpy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Space, type TableColumnType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../../crud/paged-table.tsx';
import { type CallQuery, call } from '../../../../lib/http.ts';
import { DiscardDialog } from './discard-dialog.tsx';

type ListQuery = CallQuery<typeof listInvoices>;

export interface WorkListProps<F> {
  /** Names the list in the query key, under ['invoicing', 'list'] which every write invalidates. */
  list: 'drafts' | 'queue';
  initialFilter: F;
  /** The page's own filter (a date range, a status set) as list query parameters. */
  toQuery: (filter: F) => Partial<ListQuery>;
  /** The control beside the keyword box that edits the page's filter; `apply` returns to page 1. */
  filterControl: (filter: F, apply: (next: F) => void) => ReactNode;
  /** Columns, given the row discard action (both lists can give up an invoice). */
  columns: (discard: (row: InvoiceSummary) => void) => TableColumnType<InvoiceSummary>[];
  /** While some row is in flight the list follows it by itself. */
  refetchInterval?: (rows: InvoiceSummary[] | undefined) => number | false;
  /** Show the spinner on the first load only (a self-refreshing list would otherwise flicker). */
  spinOnFirstLoadOnly?: boolean;
  children?: ReactNode;
}

/**
 * The working lists of invoices not yet settled — 待开发票 (drafts) and 开具队列 (queue): keyword search, one
 * filter of the page's own, a paged table and the discard dialog. The pages differ only in what they pass.
 */
export function WorkList<F>({
  list,
  initialFilter,
  toQuery,
  filterControl,
  columns,
  refetchInterval,
  spinOnFirstLoadOnly,
  children,
}: WorkListProps<F>) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<F>(initialFilter);
  const [keyword, setKeyword] = useState<string | undefined>();
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const query = { ...toQuery(filter), keyword, ...paging };
  const { data, isFetching } = useQuery({
    queryKey: ['invoicing', 'list', list, query],
    queryFn: ({ signal }) => call(listInvoices, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: refetchInterval ? (q) => refetchInterval(q.state.data?.rows) : undefined,
  });
  const [discarding, setDiscarding] = useState<InvoiceSummary | null>(null);
  const firstPage = () => setPaging((p) => ({ ...p, page: 1 }));

  return (
    <Card>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          style={{ width: 320 }}
          placeholder={t('drafts.keywordHint')}
          onSearch={(v) => {
            setKeyword(v.trim() || undefined);
            firstPage();
          }}
        />
        {filterControl(filter, (next) => {
          setFilter(next);
          firstPage();
        })}
      </Space>
      <PagedTable<InvoiceSummary>
        columns={columns(setDiscarding)}
        data={data}
        loading={spinOnFirstLoadOnly ? isFetching && !data : isFetching}
        paging={paging}
        onPaging={setPaging}
      />
      {children}
      <DiscardDialog invoice={discarding} onClose={() => setDiscarding(null)} />
    </Card>
  );
}
