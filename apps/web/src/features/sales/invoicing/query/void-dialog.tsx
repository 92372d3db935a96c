import { VOID_REASONS, type VoidReason, voidInvoice } from '@fpy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';

/** 作废 confirmation with the 数电纸质 reason (1–4, domain notes §6.3); the server re-checks every rule. */
export function VoidDialog({
  invoice,
  onClose,
}: {
  invoice: { id: number; number: string | null } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ reason: VoidReason; remark?: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await call(voidInvoice, { params: { id: invoice!.id }, body: values });
      toast.success(t('invoiceQuery.voided'));
      await qc.invalidateQueries({ queryKey: ['invoicing'] });
      onClose();
    } catch {
      // The shared error display already showed the server's reason.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={invoice !== null}
      title={t('invoiceQuery.voidTitle')}
      okText={t('invoiceQuery.voidConfirm')}
      okButtonProps={{ danger: true, loading: saving }}
      onOk={() => void submit()}
      onCancel={onClose}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('invoiceQuery.voidWarning', { number: invoice?.number ?? '' })}
      />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t('invoiceQuery.voidReason')}
          rules={[{ required: true, message: t('invoiceQuery.voidReasonRequired') }]}
        >
          <Select
            options={(Object.keys(VOID_REASONS) as VoidReason[]).map((k) => ({
              value: k,
              label: t(`invoiceQuery.voidReasons.${k}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('invoiceQuery.voidRemark')}>
          <Input.TextArea maxLength={200} showCount rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
