import { type SmsMarginRow, updateSmsWarn } from '@fpy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Form, InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { AppModal } from '../../../lib/modal.tsx';
import { smsKeys } from './sms-api.ts';

/** 修改预警阈值: below this balance the company's users see the low-balance warning. */
export function WarnDialog({ row, onClose }: { row: SmsMarginRow; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ warnBelow: number }>();
  const submit = async ({ warnBelow }: { warnBelow: number }) => {
    setBusy(true);
    try {
      await call(updateSmsWarn, { params: { tenantId: row.tenantId }, body: { warnBelow } });
      toast.success(t('smsAdmin.saved'));
      await qc.invalidateQueries({ queryKey: smsKeys.margins });
      onClose();
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppModal
      open
      title={t('smsAdmin.margin.warnTitle', { name: row.tenantName })}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" initialValues={{ warnBelow: row.warnBelow }} onFinish={submit}>
        <Form.Item
          name="warnBelow"
          label={t('smsAdmin.margin.warnBelow')}
          extra={t('smsAdmin.margin.warnHint')}
          rules={[{ required: true, message: t('smsAdmin.margin.warnRequired') }]}
        >
          <InputNumber min={0} max={1_000_000_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
