import { type InvoiceSummary, retryInvoice } from '@fpy/contracts';
import type { InvoiceStatus } from '@fpy/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { invoiceColumns } from '../../../../entities/invoice/invoice-columns.tsx';
import { InvoiceStatusTag } from '../../../../entities/invoice/status-tag.tsx';
import { toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';
import { Can } from '../../../../lib/permission.tsx';
import { WorkList } from './work-list.tsx';

const QUEUE: InvoiceStatus[] = ['ready', 'issuing', 'failed'];
const IN_FLIGHT: InvoiceStatus[] = ['ready', 'issuing'];

/**
 * Spec §2.12 /outputInvoiceManager/stayOpenList: invoices waiting for or refused by the bureau. While any is
 * in flight the list refreshes itself every 2 s; failures show the bureau's reason, with retry and abandon.
 */
export default function QueuePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const col = invoiceColumns<InvoiceSummary>(t);
  // A link (the dashboard's "failed issues" to-do) may open the list filtered: ?statuses=failed.
  const [params] = useSearchParams();
  const linked = (params.get('statuses') ?? '')
    .split(',')
    .filter((s): s is InvoiceStatus => QUEUE.includes(s as InvoiceStatus));

  const retry = (r: InvoiceSummary) =>
    call(retryInvoice, { params: { id: r.id } }).then(
      async () => {
        toast.success(t('drafts.retried'));
        await qc.invalidateQueries({ queryKey: ['invoicing', 'list'] });
      },
      () => undefined,
    );

  return (
    <WorkList<InvoiceStatus[]>
      list="queue"
      initialFilter={linked.length ? linked : QUEUE}
      toQuery={(statuses) => ({ statuses: (statuses.length ? statuses : QUEUE).join(',') })}
      refetchInterval={(rows) => (rows?.some((r) => IN_FLIGHT.includes(r.status)) ? 2000 : false)}
      spinOnFirstLoadOnly
      filterControl={(statuses, apply) => (
        <Select<InvoiceStatus[]>
          mode="multiple"
          style={{ minWidth: 280 }}
          value={statuses}
          placeholder={t('invoiceColumn.status')}
          onChange={apply}
          options={QUEUE.map((s) => ({ value: s, label: t(`invoiceStatus.${s}`) }))}
        />
      )}
      columns={(discard) => [
        col('createdAt', { sorter: true }),
        col('type'),
        col('buyerName'),
        col('totalFen', { sorter: true }),
        col('status', {
          render: (v: InvoiceStatus) => (
            <span data-testid="queue-status">
              <InvoiceStatusTag status={v} />
            </span>
          ),
        }),
        col('failureReason'),
        col('clientSerial'),
        {
          title: t('drafts.col.actions'),
          key: 'actions',
          fixed: 'right',
          width: 160,
          render: (_, r) =>
            r.status === 'failed' ? (
              <Space size={4}>
                <Can code="stayOpenList:btn_retry">
                  <Popconfirm title={t('drafts.confirmRetry')} onConfirm={() => retry(r)}>
                    <Button type="link" size="small">
                      {t('drafts.retry')}
                    </Button>
                  </Popconfirm>
                </Can>
                <Can code="stayOpenList:btn_discard">
                  <Button type="link" size="small" danger onClick={() => discard(r)}>
                    {t('drafts.abandon')}
                  </Button>
                </Can>
              </Space>
            ) : null,
        },
      ]}
    />
  );
}
