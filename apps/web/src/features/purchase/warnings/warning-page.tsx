import {
  listPurchaseWarnings,
  type PurchaseWarningView,
  WARNING_KINDS,
  type WarningKind,
} from '@fpy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Select, Space, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../crud/paged-table.tsx';
import { fen } from '../../../entities/invoice/money.ts';
import { call } from '../../../lib/http.ts';
import { formatDateTime } from '../../../lib/format.ts';

const COLOR: Record<WarningKind, string> = {
  abnormal: 'error',
  voided: 'default',
  red_after_receipt: 'magenta',
  supplier_risk: 'orange',
  duplicate_reimbursement: 'warning',
};

/**
 * Spec §2.12 /receiptsInvoice/invoiceWarning (发票预警): abnormal (失控) invoices, voided or red-lettered after
 * receipt, suppliers with several such invoices, refused second reimbursements — each with the invoice, who saw it
 * and when, and what to do.
 */
export default function WarningPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<WarningKind | undefined>();
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const { data, isFetching } = useQuery({
    queryKey: ['purchase-warnings', kind, paging.page, paging.limit],
    queryFn: ({ signal }) =>
      call(listPurchaseWarnings, { query: { kind, page: paging.page, limit: paging.limit }, signal }),
    placeholderData: keepPreviousData,
  });
  const columns: TableProps<PurchaseWarningView>['columns'] = [
    {
      title: t('purchaseWarnings.field.kind'),
      dataIndex: 'kind',
      render: (v: WarningKind) => <Tag color={COLOR[v]}>{t(`purchaseWarnings.kind.${v}`)}</Tag>,
    },
    {
      title: t('purchaseWarnings.field.invoice'),
      key: 'invoice',
      render: (_: unknown, r) => [r.code, r.number].filter(Boolean).join(' / '),
    },
    {
      title: t('purchaseWarnings.field.seller'),
      dataIndex: 'sellerName',
      render: (v: string | null) => v ?? '—',
    },
    {
      title: t('purchaseWarnings.field.total'),
      dataIndex: 'totalFen',
      align: 'right',
      render: (v: number | null) => (v === null ? '—' : fen(v)),
    },
    {
      title: t('purchaseWarnings.field.seen'),
      key: 'seen',
      render: (_: unknown, r) => `${r.actorName || t('purchaseWarnings.bureau')} ${formatDateTime(r.at)}`,
    },
    {
      title: t('purchaseWarnings.field.detail'),
      key: 'detail',
      render: (_: unknown, r) =>
        r.kind === 'duplicate_reimbursement'
          ? t('purchaseWarnings.heldBy', { claimNo: r.claimNo, detail: r.detail })
          : r.kind === 'supplier_risk'
            ? t('purchaseWarnings.flaggedNumbers', { numbers: r.detail })
            : r.detail
              ? t(`purchaseWarnings.source.${r.detail}`, { defaultValue: r.detail })
              : t('purchaseWarnings.source.check'),
    },
    {
      title: t('purchaseWarnings.field.advice'),
      key: 'advice',
      render: (_: unknown, r) => (
        <Typography.Text type="secondary">{t(`purchaseWarnings.advice.${r.kind}`)}</Typography.Text>
      ),
    },
  ];
  return (
    <Card>
      <Space style={{ marginBottom: 12 }}>
        <span>{t('purchaseWarnings.field.kind')}</span>
        <Select
          allowClear
          style={{ width: 180 }}
          value={kind}
          onChange={(v) => {
            setKind(v);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={WARNING_KINDS.map((k) => ({ value: k, label: t(`purchaseWarnings.kind.${k}`) }))}
        />
      </Space>
      <PagedTable<PurchaseWarningView>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
      />
    </Card>
  );
}
