import { Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../../lib/modal.tsx';

/** 驳回: the reason is required (≤ 200, as the server checks) and goes to the applicant with the draft. */
export function RejectDialog({
  count,
  open,
  onCancel,
  onSubmit,
}: {
  count: number;
  open: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const ok = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      await onSubmit(reason.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppModal
      open={open}
      title={t('preopen.rejectTitle')}
      okText={t('preopen.reject')}
      okButtonProps={{ danger: true, loading: busy }}
      cancelText={t('preopen.cancel')}
      onOk={ok}
      onCancel={onCancel}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('preopen.rejectCount', { count })}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('preopen.rejectReason')}
          rules={[{ required: true, whitespace: true, message: t('preopen.rejectReasonRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
