import { type DeliveryChannelName, getInvoice, sendInvoiceDelivery } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Radio, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { buyerAddress, deliveryKeys, recipientRules } from './delivery-api.ts';

interface Values {
  channel: DeliveryChannelName;
  recipient: string;
}

/**
 * 交付 of one invoice: e-mail (PDF/XML attached) or SMS (the short link), to the buyer's address on the invoice,
 * prefilled and editable, checked with the same rule as the server. Asking again for the same address finds the
 * earlier delivery (the server answers existing); sending again is 重发 in the delivery history.
 */
export function DeliverDialog({ invoiceId, onClose }: { invoiceId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const channel = Form.useWatch('channel', form) ?? 'email';
  const { data: inv, isLoading } = useQuery({
    queryKey: ['invoicing', 'invoice', invoiceId],
    queryFn: ({ signal }) => call(getInvoice, { params: { id: invoiceId! }, signal }),
    enabled: invoiceId !== null,
    // It only feeds a dialog or a drawer section: a refusal (shown by the shared client) must not replace the page.
    throwOnError: false,
  });
  // Prefill with the buyer's address once the invoice is here. Switching channel swaps it in the change handler
  // itself, not in an effect a render later, so whatever is typed right after the switch is never overwritten.
  useEffect(() => {
    if (inv) form.setFieldValue('recipient', buyerAddress(inv, form.getFieldValue('channel') ?? 'email'));
  }, [inv, form]);
  const onValuesChange = (changed: Partial<Values>) => {
    if (inv && changed.channel) form.setFieldValue('recipient', buyerAddress(inv, changed.channel));
  };

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const r = await call(sendInvoiceDelivery, {
        params: { id: invoiceId! },
        body: { channel: values.channel, recipient: values.recipient.trim() },
      });
      if (r.existing)
        toast.info(t('delivery.existing', { status: t(`delivery.statuses.${r.delivery.status}`) }));
      else toast.success(t('delivery.queued'));
      await qc.invalidateQueries({ queryKey: deliveryKeys.all });
      onClose();
    } catch {
      // The shared error display showed the server's reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={invoiceId !== null}
      title={t('delivery.title')}
      okText={t('delivery.send')}
      okButtonProps={{ loading: saving, disabled: !inv }}
      onOk={() => void submit()}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
    >
      {isLoading ? (
        <Spin />
      ) : (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ channel: 'email' }}
          onValuesChange={onValuesChange}
        >
          <Form.Item name="channel" label={t('delivery.channel')}>
            <Radio.Group
              options={(['email', 'sms'] as const).map((c) => ({
                value: c,
                label: t(`delivery.channels.${c}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="recipient"
            label={t(channel === 'email' ? 'delivery.email' : 'delivery.mobile')}
            extra={t(channel === 'email' ? 'delivery.emailHint' : 'delivery.mobileHint')}
            rules={recipientRules(t, channel)}
          >
            <Input data-testid="delivery-recipient" maxLength={channel === 'email' ? 128 : 11} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
