import {
  listRedForms,
  RED_FORM_STATES,
  RED_FORM_STATE_CODE,
  type RedFormRow,
  type RedFormStateName,
} from '@fpy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, Select, Space, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PagedTable, type Paging } from '../../../../crud/paged-table.tsx';
import { DATE_FORMAT, datePresets, formatDateTime } from '../../../../lib/format.ts';
import { call } from '../../../../lib/http.ts';
import { fen } from '../../../../entities/invoice/money.ts';
import { DeadlineCountdown } from '../shared/deadline-countdown.tsx';
import { FormStateTag } from '../shared/form-state-tag.tsx';
import { SETTLED_INVOICE } from '../shared/queries.ts';
import { RedInvoiceLink } from '../shared/red-invoice-link.tsx';
import { FormActions } from './form-actions.tsx';
import { FormDrawer } from './form-drawer.tsx';

type Filters = { state?: RedFormStateName; blueNumber?: string; dateFrom?: string; dateTo?: string };

const moving = (r: RedFormRow) =>
  r.state === 'applying' ||
  r.state === 'pending_buyer' ||
  r.state === 'pending_seller' ||
  (r.redInvoice !== null && !SETTLED_INVOICE.includes(r.redInvoice.status));

/**
 * Spec §2.12 /outputInvoiceManager/invoiceDetails (红字信息表查询, notes §6.1): every 确认单 with its state and
 * the countdown to the 72-hour auto-void, the seller's actions, and the red invoice each one produced.
 */
export default function RedDetailsPage() {
  const { t } = useTranslation();
  // A link (the dashboard's red-letter to-dos) may open the list on one state: ?state=pending_seller.
  const [params] = useSearchParams();
  const linkedState = RED_FORM_STATES.find((s) => s === params.get('state'));
  const [filters, setFilters] = useState<Filters>(linkedState ? { state: linkedState } : {});
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const [open, setOpen] = useState<number | null>(null);
  const query = { ...filters, ...paging };
  const { data, isFetching, refetch } = useQuery({
    queryKey: ['red-letter', 'forms', query],
    queryFn: ({ signal }) => call(listRedForms, { query, signal }),
    placeholderData: keepPreviousData,
    // The other party's answer, the auto-void and the red invoice arrive without a manual refresh.
    refetchInterval: (q) => (q.state.data?.rows.some(moving) ? 5000 : false),
  });
  const search = (f: Filters) => {
    setFilters(f);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const columns: TableProps<RedFormRow>['columns'] = [
    {
      title: t('redLetter.form.formNo'),
      dataIndex: 'formNo',
      render: (v: string | null, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r.id)} data-testid={`red-form-${r.id}`}>
          {v ?? `#${r.id}`}
        </Button>
      ),
    },
    { title: t('redLetter.form.blueNumber'), dataIndex: 'blueNumber' },
    {
      title: t('redLetter.form.reason'),
      dataIndex: 'reason',
      render: (v: RedFormRow['reason']) => t(`redLetter.reason.${v}`),
    },
    {
      title: t('redLetter.form.scope'),
      dataIndex: 'partial',
      render: (v: boolean) => t(v ? 'redLetter.fill.partial' : 'redLetter.fill.full'),
    },
    {
      title: t('redLetter.form.initiator'),
      dataIndex: 'initiator',
      render: (v: RedFormRow['initiator']) => t(`redLetter.initiator.${v}`),
    },
    {
      title: t('redLetter.form.state'),
      dataIndex: 'state',
      render: (v: RedFormStateName) => <FormStateTag state={v} />,
    },
    {
      title: t('redLetter.form.deadline'),
      dataIndex: 'deadline',
      sorter: true,
      render: (v: string | null) => <DeadlineCountdown deadline={v} />,
    },
    {
      title: t('redLetter.form.redTotal'),
      dataIndex: 'totalFen',
      align: 'right',
      render: (v: number) => fen(-v),
    },
    {
      title: t('redLetter.form.redInvoice'),
      key: 'red',
      render: (_: unknown, r) => <RedInvoiceLink red={r.redInvoice} />,
    },
    {
      title: t('redLetter.form.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('redLetter.form.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, r) => <FormActions form={r} />,
    },
  ];
  return (
    <Card>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          style={{ width: 280 }}
          placeholder={t('redLetter.details.blueNumberHint')}
          onSearch={(v) => search({ ...filters, blueNumber: v.trim() || undefined })}
        />
        <Select<RedFormStateName>
          allowClear
          style={{ width: 240 }}
          placeholder={t('redLetter.form.state')}
          value={filters.state}
          onChange={(v) => search({ ...filters, state: v })}
          options={RED_FORM_STATES.filter((s) => s !== 'applying').map((s) => ({
            value: s,
            label: `${RED_FORM_STATE_CODE[s]} ${t(`redLetter.state.${s}`)}`,
          }))}
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
        <Button onClick={() => void refetch()}>{t('redLetter.details.refresh')}</Button>
        <Link to="/outputInvoiceManager/invoiceFill">{t('redLetter.details.toFill')}</Link>
      </Space>
      <PagedTable<RedFormRow>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
      />
      <FormDrawer id={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
