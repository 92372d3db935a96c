import {
  BULK_DELIVERY_MAX,
  type DeliveryChannelName,
  bulkSendDeliveries,
  getBulkDeliveryProgress,
} from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Checkbox, Form, Modal, Progress, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { deliveryKeys } from './delivery-api.ts';

/**
 * 批量交付: the selected invoices to their buyers' own addresses. The server answers a task id at once and
 * works through the invoices in a job; the bar follows its progress (polled every second) until every
 * delivery it asked for has ended.
 */
export function BulkDeliverDialog({
  ids,
  open,
  onClose,
}: {
  ids: number[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ channels: DeliveryChannelName[] }>();
  const [taskId, setTaskId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  useEffect(() => {
    if (!open) setTaskId(null);
  }, [open]);
  const { data: p } = useQuery({
    queryKey: [...deliveryKeys.all, 'bulk', taskId],
    queryFn: ({ signal }) => call(getBulkDeliveryProgress, { params: { taskId: taskId! }, signal }),
    enabled: taskId !== null,
    // It only feeds a dialog or a drawer section: a refusal (shown by the shared client) must not replace the page.
    throwOnError: false,
    refetchInterval: (q) => (q.state.data?.finished ? false : 1000),
  });
  useEffect(() => {
    if (p?.finished) {
      toast.success(t('delivery.bulkDone'));
      void qc.invalidateQueries({ queryKey: ['invoicing'] });
    }
  }, [p?.finished, qc, t]);

  const start = async () => {
    const { channels } = await form.validateFields();
    if (ids.length > BULK_DELIVERY_MAX)
      return toast.warning(t('delivery.bulkTooMany', { max: BULK_DELIVERY_MAX }));
    setStarting(true);
    try {
      setTaskId((await call(bulkSendDeliveries, { body: { ids, channels } })).taskId);
    } catch {
      // shown by the shared error display
    } finally {
      setStarting(false);
    }
  };

  // Half the bar for handling the invoices, half for the deliveries ending.
  const percent = p
    ? Math.floor(
        (50 * p.processed) / Math.max(1, p.invoices) +
          (p.deliveries ? (50 * p.done) / p.deliveries : p.finished ? 50 : 0),
      )
    : 0;
  return (
    <Modal
      open={open}
      title={t('delivery.bulkTitle')}
      okText={t('delivery.bulkStart')}
      okButtonProps={{ loading: starting, disabled: taskId !== null }}
      onOk={() => void start()}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('delivery.bulkHint')} />
      <Form form={form} layout="vertical" preserve={false} initialValues={{ channels: ['email'] }}>
        <Form.Item
          name="channels"
          label={t('delivery.channel')}
          rules={[{ required: true, type: 'array', min: 1, message: t('delivery.bulkChannelsRequired') }]}
        >
          <Checkbox.Group
            disabled={taskId !== null}
            options={(['email', 'sms'] as const).map((c) => ({
              value: c,
              label: t(`delivery.channels.${c}`),
            }))}
          />
        </Form.Item>
      </Form>
      {p && (
        <div data-testid="bulk-progress">
          <Progress percent={p.finished ? 100 : percent} status={p.finished ? 'success' : 'active'} />
          <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
            {t('delivery.bulkProgress', p)}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {t('delivery.bulkSummary', {
              accepted: p.byStatus.accepted ?? 0,
              delivered: p.byStatus.delivered ?? 0,
              failed: (p.byStatus.failed ?? 0) + (p.byStatus.dead ?? 0),
              skipped: p.byStatus.skipped ?? 0,
              noRecipient: p.noRecipient,
              notIssued: p.notIssued,
            })}
          </Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
