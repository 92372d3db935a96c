import { BATCH_SMS_LINK_MAX, sendBatchSmsLink } from '@fpy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { deliveryKeys, recipientRules } from './delivery-api.ts';

/** 批量短信链接: the selected invoices of one buyer in one SMS with one link (the server checks the buyer). */
export function BatchSmsDialog({
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
  const [form] = Form.useForm<{ mobile: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const { mobile } = await form.validateFields();
    if (ids.length > BATCH_SMS_LINK_MAX)
      return toast.warning(t('delivery.batchTooMany', { max: BATCH_SMS_LINK_MAX }));
    setSaving(true);
    try {
      await call(sendBatchSmsLink, { body: { ids, mobile: mobile.trim() } });
      toast.success(t('delivery.queued'));
      await qc.invalidateQueries({ queryKey: deliveryKeys.all });
      onClose();
    } catch {
      // shown by the shared error display
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('delivery.batchTitle')}
      okText={t('delivery.send')}
      okButtonProps={{ loading: saving }}
      onOk={() => void submit()}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('delivery.batchHint', { max: BATCH_SMS_LINK_MAX })}
      />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="mobile" label={t('delivery.mobile')} rules={recipientRules(t, 'sms')}>
          <Input maxLength={11} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
