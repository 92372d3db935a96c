import { discardInvoice, type InvoiceSummary } from '@fpy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';

/** 作废草稿 / 放弃开具: the reason is kept in the invoice's history. */
export function DiscardDialog({ invoice, onClose }: { invoice: InvoiceSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    if (!invoice) return;
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      await call(discardInvoice, { params: { id: invoice.id }, body: { reason } });
      toast.success(t('drafts.discarded'));
      await qc.invalidateQueries({ queryKey: ['invoicing', 'list'] });
      onClose();
    } catch {
      // The shared error display already said why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={invoice !== null}
      title={invoice?.status === 'failed' ? t('drafts.abandonTitle') : t('drafts.discardTitle')}
      okText={t('drafts.confirm')}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => void ok().catch(() => undefined)}
      onCancel={onClose}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
    >
      <p>{t('drafts.discardHint', { buyer: invoice?.buyerName ?? '' })}</p>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t('drafts.reason')}
          rules={[{ required: true, whitespace: true, message: t('drafts.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
