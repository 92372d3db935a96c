import { MAX_SMS_RECHARGE, rechargeSms } from '@fpy/contracts';
import { parseYuan } from '@fpy/domain';
import { resourceKeys } from '../../../crud/query-keys.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { AppModal } from '../../../lib/modal.tsx';
import { smsKeys } from './sms-api.ts';
import { TenantPicker } from './tenant-picker.tsx';

const YUAN_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

type Values = { tenantId: number; amount: number; paid?: string; remark?: string };

/**
 * 充值 (platform accounts): messages added to a company's balance, and what it paid — typed in yuan, sent in
 * fen through @fpy/domain's exact parser, never a float.
 */
export function RechargeDialog({
  tenant,
  onClose,
}: {
  /** Fixed when opened from a company's balance row; chosen in the dialog otherwise. */
  tenant?: { id: number; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const paid = v.paid?.trim();
      const saved = await call(rechargeSms, {
        body: {
          tenantId: tenant?.id ?? v.tenantId,
          amount: v.amount,
          paidFen: paid ? parseYuan(paid) : null,
          remark: v.remark ?? null,
        },
      });
      toast.success(t('smsAdmin.recharge.done', { balance: saved.balanceAfter }));
      await Promise.all([
        qc.invalidateQueries({ queryKey: smsKeys.margins }),
        qc.invalidateQueries({ queryKey: resourceKeys('smsRecharges').all }),
      ]);
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
      title={tenant ? t('smsAdmin.recharge.titleFor', { name: tenant.name }) : t('smsAdmin.recharge.title')}
      confirmLoading={busy}
      okText={t('smsAdmin.recharge.action')}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" name="sms-recharge" onFinish={submit}>
        {!tenant && (
          <Form.Item
            name="tenantId"
            label={t('smsAdmin.recharge.tenant')}
            rules={[{ required: true, message: t('smsAdmin.pickTenant') }]}
          >
            <TenantPicker />
          </Form.Item>
        )}
        <Form.Item
          name="amount"
          label={t('smsAdmin.recharge.amount')}
          rules={[{ required: true, message: t('smsAdmin.recharge.amountRequired') }]}
        >
          <InputNumber min={1} max={MAX_SMS_RECHARGE} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="paid"
          label={t('smsAdmin.recharge.paid')}
          rules={[{ pattern: YUAN_PATTERN, message: t('smsAdmin.recharge.paidInvalid') }]}
        >
          <Input inputMode="decimal" maxLength={13} placeholder="0.00" />
        </Form.Item>
        <Form.Item name="remark" label={t('smsAdmin.recharge.remark')}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
