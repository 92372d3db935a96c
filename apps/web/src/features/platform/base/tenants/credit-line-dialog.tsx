import { getCreditLine, setCreditLine, type TenantRow } from '@fpy/contracts';
import { formatYuan, parseYuan } from '@fpy/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Form, Input, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';
import { AppModal } from '../../../../lib/modal.tsx';
import { fen } from '../../../../entities/invoice/money.ts';

const YUAN_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;
const creditKey = (tenantId: number) => ['base', 'tenants', 'creditLine', tenantId] as const;

/** Yuan as typed → fen, exactly (string arithmetic in @fpy/domain, never a float); null when not valid. */
function toFen(text: string | undefined): number | null {
  const v = (text ?? '').trim();
  if (!YUAN_PATTERN.test(v)) return null;
  try {
    return parseYuan(v);
  } catch {
    return null;
  }
}

/** 授信额度 (domain notes §11.1): this month's line of a tenant, and the monthly limit the platform sets. */
export function CreditLineDialog({ tenant, onClose }: { tenant: TenantRow; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ limit: string }>();
  const [busy, setBusy] = useState(false);
  const { data, isFetching } = useQuery({
    queryKey: creditKey(tenant.id),
    queryFn: ({ signal }) => call(getCreditLine, { query: { tenantId: tenant.id }, signal }),
  });
  const typed = Form.useWatch('limit', form);
  const typedFen = toFen(typed);

  useEffect(() => {
    if (data) form.setFieldsValue({ limit: formatYuan(data.monthlyLimitFen) });
  }, [data, form]);

  const submit = async ({ limit }: { limit: string }) => {
    const monthlyLimitFen = toFen(limit);
    if (monthlyLimitFen === null) return;
    setBusy(true);
    try {
      const reply = await call(setCreditLine, { body: { tenantId: tenant.id, monthlyLimitFen } });
      qc.setQueryData(creditKey(tenant.id), reply);
      toast.success(t('tenantCredit.saved'));
      onClose();
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };

  const month = data ? `${data.month.slice(0, 4)}-${data.month.slice(4)}` : '';
  return (
    <AppModal
      open
      title={t('tenantCredit.title', { name: tenant.name })}
      okText={t('tenantCredit.save')}
      cancelText={t('tenantCredit.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: !data }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Spin spinning={isFetching && !data}>
        <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('tenantCredit.month')}>{month}</Descriptions.Item>
          <Descriptions.Item label={t('tenantCredit.limit')}>
            <span data-testid="credit-limit">{data ? fen(data.monthlyLimitFen) : ''}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('tenantCredit.used')}>
            {data ? fen(data.usedFen) : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('tenantCredit.remaining')}>
            <span data-testid="credit-remaining">{data ? fen(data.remainingFen) : ''}</span>
          </Descriptions.Item>
        </Descriptions>
        <Form form={form} layout="vertical" name="tenant-credit-line" onFinish={submit}>
          <Form.Item
            name="limit"
            label={t('tenantCredit.newLimit')}
            extra={t('tenantCredit.newLimitHint')}
            rules={[
              { required: true, whitespace: true, message: t('tenantCredit.required') },
              {
                validator: (_, v: string | undefined) =>
                  !v || toFen(v) !== null
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('tenantCredit.invalid'))),
              },
            ]}
          >
            <Input prefix="¥" inputMode="decimal" maxLength={16} />
          </Form.Item>
        </Form>
        {data && typedFen !== null && typedFen < data.usedFen && (
          <Alert type="warning" showIcon message={t('tenantCredit.belowUsed')} />
        )}
      </Spin>
    </AppModal>
  );
}
