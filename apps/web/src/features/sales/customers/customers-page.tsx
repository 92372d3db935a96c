import { type CustomerRow, deleteCustomer, exportCustomers, listCustomers } from '@fpy/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Select, Space, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { call, download, toQueryString } from '../../../lib/http.ts';
import { PagedTable, type Paging } from '../../../crud/paged-table.tsx';
import { RowActions } from '../../../crud/row-actions.tsx';
import { Can } from '../../../lib/permission.tsx';
import { CustomerFormDialog } from './customer-form-dialog.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { invoiceTypeName } from '../invoicing/shared/invoice-type.ts';

type Filters = { keyword?: string; naturalPerson?: 'true' | 'false' };

/** Spec §2.12 /outputInvoiceManager/myCustomer: the buyer titles the issuing form fills from. */
export default function CustomersPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const query = { ...filters, ...paging };
  const { data, isFetching } = useQuery({
    queryKey: ['customers', 'list', query],
    queryFn: ({ signal }) => call(listCustomers, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const [dialog, setDialog] = useState<{ open: boolean; row: CustomerRow | null }>({
    open: false,
    row: null,
  });
  const [importing, setImporting] = useState(false);

  const remove = (id: number) =>
    call(deleteCustomer, { params: { id } }).then(
      async () => {
        toast.success(t('customers.deleted'));
        await qc.invalidateQueries({ queryKey: ['customers'] });
      },
      () => undefined,
    );

  const columns: TableProps<CustomerRow>['columns'] = [
    { title: t('customers.field.name'), dataIndex: 'name', sorter: true, ellipsis: true },
    { title: t('customers.field.taxNumber'), dataIndex: 'taxNumber', sorter: true },
    {
      title: t('customers.field.naturalPerson'),
      dataIndex: 'naturalPerson',
      render: (v: boolean) => (v ? <Tag color="blue">{t('customers.yes')}</Tag> : t('customers.no')),
    },
    {
      title: t('customers.field.defaultInvoiceType'),
      dataIndex: 'defaultInvoiceType',
      render: (v: CustomerRow['defaultInvoiceType']) => (v ? invoiceTypeName(t, v) : ''),
    },
    { title: t('customers.field.address'), dataIndex: 'address', ellipsis: true },
    { title: t('customers.field.phone'), dataIndex: 'phone' },
    { title: t('customers.field.bank'), dataIndex: 'bank', ellipsis: true },
    { title: t('customers.field.account'), dataIndex: 'account' },
    { title: t('customers.field.email'), dataIndex: 'email' },
    {
      title: t('customers.updatedAt'),
      dataIndex: 'updatedAt',
      sorter: true,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('customers.actions'),
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_: unknown, r) => (
        <RowActions
          edit={{ code: 'myCustomer:btn_edit', onClick: () => setDialog({ open: true, row: r }) }}
          remove={{
            code: 'myCustomer:btn_del',
            confirm: t('customers.confirmDelete', { name: r.name }),
            onConfirm: () => remove(r.id),
          }}
        />
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
          placeholder={t('customers.keywordHint')}
          onSearch={(v) => search({ ...filters, keyword: v.trim() || undefined })}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('customers.field.naturalPerson')}
          value={filters.naturalPerson}
          onChange={(v) => search({ ...filters, naturalPerson: v })}
          options={[
            { value: 'false', label: t('customers.company') },
            { value: 'true', label: t('customers.person') },
          ]}
        />
        <Can code="myCustomer:btn_add">
          <Button type="primary" onClick={() => setDialog({ open: true, row: null })}>
            {t('customers.add')}
          </Button>
        </Can>
        <Can code="myCustomer:btn_import">
          <Button onClick={() => setImporting(true)}>{t('customers.import')}</Button>
        </Can>
        <Can code="myCustomer:btn_export">
          <Button
            onClick={() =>
              void download(
                `${exportCustomers.path}${toQueryString({ ...filters, sort: paging.sort })}`,
              ).catch(() => undefined)
            }
          >
            {t('customers.export')}
          </Button>
        </Can>
      </Space>
      <PagedTable<CustomerRow>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
      />
      <CustomerFormDialog
        open={dialog.open}
        row={dialog.row}
        onClose={() => setDialog({ open: false, row: null })}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </Card>
  );
}
