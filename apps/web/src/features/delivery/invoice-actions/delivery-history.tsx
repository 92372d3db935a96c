import { type DeliveryRow, resendDelivery } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DELIVERY_PENDING_STATUSES } from '@fpy/domain';
import { Button, Popconfirm, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { call } from '../../../lib/http.ts';
import { Can } from '../../../lib/permission.tsx';
import { FailureReason } from '../../../entities/delivery/failure-reason.tsx';
import { DeliveryStatusTag } from '../../../entities/delivery/status-tag.tsx';
import { deliveryKeys, invoiceDeliveriesQuery } from './delivery-api.ts';

const MENU = 'salesInvoiceQuery';
/** Moving on their own within seconds: the table follows them. */
const RUNNING: readonly DeliveryRow['status'][] = ['queued', 'sending'];

/** 交付记录 of one invoice in its detail drawer: each e-mail/SMS, its status and reason, and 重发. */
export function DeliveryHistory({ invoiceId }: { invoiceId: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data, isLoading } = useQuery({
    ...invoiceDeliveriesQuery(invoiceId),
    // It only feeds a dialog or a drawer section: a refusal (shown by the shared client) must not replace the page.
    throwOnError: false,
    // Deliveries still sending change on their own: follow them.
    refetchInterval: (q) => (q.state.data?.rows.some((r) => RUNNING.includes(r.status)) ? 2000 : false),
  });
  const resend = (d: DeliveryRow) =>
    call(resendDelivery, { params: { id: d.id }, body: {} }).then(
      async () => {
        toast.success(t('delivery.resent'));
        await qc.invalidateQueries({ queryKey: deliveryKeys.all });
      },
      () => undefined,
    );
  return (
    <Table<DeliveryRow>
      data-testid="delivery-history"
      rowKey="id"
      size="small"
      loading={isLoading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={data?.rows ?? []}
      locale={{ emptyText: t('delivery.noHistory') }}
      columns={[
        {
          title: t('delivery.col.createdAt'),
          dataIndex: 'createdAt',
          render: (v: string) => formatDateTime(v),
        },
        {
          title: t('delivery.col.channel'),
          dataIndex: 'channel',
          render: (v: DeliveryRow['channel']) => t(`delivery.channels.${v}`),
        },
        { title: t('delivery.col.recipient'), dataIndex: 'recipient' },
        {
          title: t('delivery.col.trigger'),
          dataIndex: 'trigger',
          render: (v: DeliveryRow['trigger'], r) => (
            <Space orientation="vertical" size={0}>
              <span>{t(`delivery.triggers.${v}`)}</span>
              {r.createdByName && (
                <Typography.Text type="secondary">
                  {t('delivery.by', { name: r.createdByName })}
                </Typography.Text>
              )}
            </Space>
          ),
        },
        {
          title: t('delivery.col.status'),
          dataIndex: 'status',
          render: (v: DeliveryRow['status'], r) => (
            <Space orientation="vertical" size={0}>
              <DeliveryStatusTag status={v} />
              {r.status === 'retrying' && r.nextAttemptAt && (
                <Typography.Text type="secondary" data-testid="next-attempt">
                  {t('delivery.nextAttempt', { at: formatDateTime(r.nextAttemptAt) })}
                </Typography.Text>
              )}
            </Space>
          ),
        },
        {
          title: t('delivery.col.error'),
          dataIndex: 'errorMessage',
          render: (v: string | null, r) => (
            <Space orientation="vertical" size={0}>
              {v ? <FailureReason code={r.errorCode} message={v} /> : r.tried.length ? null : '—'}
              {r.tried.map((a, i) => (
                <Typography.Text key={`${a.providerId}-${i}`} type="secondary" data-testid="tried-account">
                  {t(
                    r.status === 'accepted' || r.status === 'delivered'
                      ? 'delivery.failedOver'
                      : 'delivery.tried',
                    {
                      account: a.providerName ?? a.providerKind ?? `#${a.providerId}`,
                    },
                  )}
                  <FailureReason code={a.code} message={a.message} />
                </Typography.Text>
              ))}
            </Space>
          ),
        },
        {
          title: t('delivery.col.actions'),
          key: 'actions',
          render: (_: unknown, r) =>
            (DELIVERY_PENDING_STATUSES as readonly string[]).includes(r.status) ? null : (
              <Can code={`${MENU}:btn_resend`}>
                <Popconfirm
                  title={t('delivery.resendConfirm', { recipient: r.recipient })}
                  onConfirm={() => resend(r)}
                >
                  <Button type="link" size="small">
                    {t('delivery.resend')}
                  </Button>
                </Popconfirm>
              </Can>
            ),
        },
      ]}
    />
  );
}
