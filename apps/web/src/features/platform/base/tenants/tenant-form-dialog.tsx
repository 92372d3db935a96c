import { createTenant, type TenantRow, updateTenant } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, Divider, Form, Input, Radio, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedInput } from '../../../../crud/limited-input.tsx';
import { encryptPassword } from '../../../../lib/crypto.ts';
import { loadFeedback, toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';
import { AppModal } from '../../../../lib/modal.tsx';
import { passwordRule } from '../../../../lib/form-rules.ts';
import { agentsQuery, baseKeys } from '../base-api.ts';
import { CreditCodeHint } from './credit-code-hint.tsx';

interface Values {
  name: string;
  creditCode: string;
  tenantType: number;
  parentId?: number | null;
  invoiceMethod: number;
  address?: string | null;
  phone?: string | null;
  bank?: string | null;
  account?: string | null;
  contactName?: string | null;
  contactPhone?: string | null;
  email?: string | null;
  adminUsername?: string;
  adminPassword?: string;
  adminName?: string;
}

export const TENANT_TYPES = [1, 2, 3, 4, 5] as const;

/** Create (with the administrator account) or edit a tenant; the dialog is remounted per open. */
export function TenantFormDialog({ tenant, onClose }: { tenant: TenantRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const tenantType = Form.useWatch('tenantType', form);
  const creditCode = Form.useWatch('creditCode', form);
  const { data: agents } = useQuery({ ...agentsQuery, enabled: tenantType === 3 });

  const initialValues: Partial<Values> = tenant ? { ...tenant } : { tenantType: 1, invoiceMethod: 1 };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const fields = {
        name: v.name,
        creditCode: v.creditCode,
        tenantType: v.tenantType,
        parentId: v.tenantType === 3 ? (v.parentId ?? null) : null,
        invoiceMethod: v.invoiceMethod,
        address: v.address || null,
        phone: v.phone || null,
        bank: v.bank || null,
        account: v.account || null,
        contactName: v.contactName || null,
        contactPhone: v.contactPhone || null,
        email: v.email || null,
      };
      const saved = tenant
        ? await call(updateTenant, { params: { id: tenant.id }, body: fields })
        : await call(createTenant, {
            body: {
              ...fields,
              adminUsername: v.adminUsername ?? '',
              adminPassword: await encryptPassword(v.adminPassword ?? ''),
              adminName: v.adminName || null,
            },
          });
      await qc.invalidateQueries({ queryKey: baseKeys.tenants });
      const warning = saved.creditCodeWarning;
      // Saved, but worth a second look: a notification stays long enough to be read.
      if (warning)
        void loadFeedback().then((f) =>
          f.notification.warning({ title: t('base.tenant.creditCode'), description: warning }),
        );
      else toast.success(t('base.common.saved'));
      onClose();
    } catch {
      // Shown by the shared client (taken username or credit code, weak password …).
    } finally {
      setBusy(false);
    }
  };

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('base.common.required', { field: t(field) }),
  });
  const text = (name: keyof Values, label: string, max: number, rules: object[] = []) => (
    <Col xs={24} md={12}>
      <Form.Item name={name} label={t(label)} rules={rules}>
        <LimitedInput maxLength={max} />
      </Form.Item>
    </Col>
  );

  return (
    <AppModal
      open
      width={760}
      title={t(tenant ? 'base.tenant.editTitle' : 'base.tenant.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
    >
      <Form
        form={form}
        layout="vertical"
        name="base-tenant-form"
        initialValues={initialValues}
        onFinish={submit}
      >
        <Row gutter={16}>
          {text('name', 'base.tenant.name', 128, [required('base.tenant.name')])}
          <Col xs={24} md={12}>
            <Form.Item
              name="creditCode"
              label={t('base.tenant.creditCode')}
              rules={[required('base.tenant.creditCode')]}
              extra={<CreditCodeHint value={creditCode} />}
              normalize={(v: string) => v?.toUpperCase()}
            >
              <LimitedInput maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="tenantType" label={t('base.tenant.tenantType')} rules={[{ required: true }]}>
              <Select options={TENANT_TYPES.map((v) => ({ value: v, label: t(`base.tenant.types.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="invoiceMethod"
              label={t('base.tenant.invoiceMethod')}
              rules={[{ required: true }]}
            >
              <Radio.Group
                options={[0, 1].map((v) => ({ value: v, label: t(`base.tenant.methods.${v}`) }))}
              />
            </Form.Item>
          </Col>
          {tenantType === 3 && (
            <Col xs={24} md={12}>
              <Form.Item
                name="parentId"
                label={t('base.tenant.parent')}
                rules={[
                  { required: true, message: t('base.common.required', { field: t('base.tenant.parent') }) },
                ]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  options={(agents?.rows ?? [])
                    .filter((a) => a.id !== tenant?.id)
                    .map((a) => ({ value: a.id, label: a.name }))}
                />
              </Form.Item>
            </Col>
          )}
          {text('address', 'base.tenant.address', 255)}
          {text('phone', 'base.tenant.phone', 32)}
          {text('bank', 'base.tenant.bank', 128)}
          {text('account', 'base.tenant.account', 64)}
          {text('contactName', 'base.tenant.contactName', 64)}
          {text('contactPhone', 'base.tenant.contactPhone', 32)}
          {text('email', 'base.tenant.email', 128, [{ type: 'email', message: t('base.tenant.email') }])}
        </Row>
        {!tenant && (
          <>
            <Divider titlePlacement="start">{t('base.tenant.admin')}</Divider>
            <Row gutter={16}>
              {text('adminUsername', 'base.tenant.adminUsername', 32, [
                required('base.tenant.adminUsername'),
              ])}
              {text('adminName', 'base.tenant.adminName', 64)}
              <Col xs={24} md={12}>
                <Form.Item
                  name="adminPassword"
                  label={t('base.tenant.adminPassword')}
                  extra={t('base.tenant.adminPasswordHint')}
                  rules={[required('base.tenant.adminPassword'), passwordRule()]}
                >
                  <Input.Password maxLength={64} autoComplete="new-password" />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
      </Form>
    </AppModal>
  );
}
