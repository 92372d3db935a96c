import { type InvoiceSummary, listInvoices } from '@fpy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../../lib/http.ts';
import { invoiceColumns } from '../../../../entities/invoice/invoice-columns.tsx';
import { InvoiceForm } from './invoice-form.tsx';

/**
 * Spec §2.12 /outputInvoiceManager/preopenApplication: 预开申请 (invoiceMethod 0). The same form; submitting
 * puts the invoice in 待审核 for finance. The caller's own applications are listed below it.
 */
export default function PreopenPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = { mine: 'true' as const, page, limit: 10 };
  const { data, isFetching } = useQuery({
    queryKey: ['invoicing', 'list', 'mine', query],
    queryFn: ({ signal }) => call(listInvoices, { query, signal }),
    placeholderData: keepPreviousData,
    // Finance decides elsewhere; a slow refresh keeps the states current without a manual reload.
    refetchInterval: 10_000,
  });
  const col = invoiceColumns<InvoiceSummary>(t);
  const columns: TableProps<InvoiceSummary>['columns'] = [
    col('createdAt', { title: t('opener.mine.createdAt') }),
    col('buyerName'),
    col('totalFen'),
    col('status'),
    col('number'),
    // Here the reason is finance's word on an application, not only a bureau failure: plain text.
    col('failureReason', { title: t('opener.mine.reason'), render: undefined }),
  ];
  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <InvoiceForm mode="preopen" />
      </Card>
      <Card title={t('opener.mine.title')} size="small">
        <Table<InvoiceSummary>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={data?.rows}
          loading={isFetching && !data}
          pagination={{
            current: page,
            pageSize: 10,
            total: data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
        />
      </Card>
    </>
  );
}
