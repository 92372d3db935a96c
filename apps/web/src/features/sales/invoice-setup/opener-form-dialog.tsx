import {
  createOpenerProfile,
  type OpenerProfileRow,
  type OpenerRole,
  updateOpenerProfile,
} from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { AppModal } from '../../../lib/modal.tsx';
import { departmentsQuery, setupKeys } from './setup-api.ts';

interface Values {
  name: string;
  /** 0 in the select stands for the whole company (null on the wire). */
  departmentId: number;
  isDefault: boolean;
}

/** Add or edit one drawer / payee / reviewer; `row` undefined = closed, null = new. */
export function OpenerFormDialog({
  role,
  row,
  onClose,
}: {
  role: OpenerRole;
  row: OpenerProfileRow | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const { data: departments = [] } = useQuery(departmentsQuery);
  const open = row !== undefined;
  const roleName = t(`invoiceSetup.opener.roles.${role}`);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? { name: row.name, departmentId: row.departmentId ?? 0, isDefault: row.isDefault }
        : { name: '', departmentId: 0, isDefault: false },
    );
  }, [open, row, form]);

  const submit = async (v: Values) => {
    setBusy(true);
    const body = { role, name: v.name, departmentId: v.departmentId || null, isDefault: v.isDefault };
    try {
      if (row) await call(updateOpenerProfile, { params: { id: row.id }, body });
      else await call(createOpenerProfile, { body });
      toast.success(t('invoiceSetup.saved'));
      await qc.invalidateQueries({ queryKey: setupKeys.openers });
      onClose();
    } catch {
      // Shown by the shared client (duplicate name, foreign department …).
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal
      open={open}
      title={t(row ? 'invoiceSetup.opener.editTitle' : 'invoiceSetup.opener.addTitle', { role: roleName })}
      okText={t('invoiceSetup.save')}
      cancelText={t('invoiceSetup.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="opener-profile" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('invoiceSetup.opener.name')}
          rules={[{ required: true, whitespace: true, message: t('invoiceSetup.opener.nameRequired') }]}
        >
          <Input maxLength={50} showCount />
        </Form.Item>
        <Form.Item name="departmentId" label={t('invoiceSetup.opener.department')}>
          <Select
            showSearch
            optionFilterProp="label"
            options={[
              { value: 0, label: t('invoiceSetup.opener.companyWide') },
              ...departments.map((d) => ({ value: d.id, label: d.path })),
            ]}
          />
        </Form.Item>
        <Form.Item
          name="isDefault"
          label={t('invoiceSetup.opener.isDefault')}
          valuePropName="checked"
          extra={t('invoiceSetup.opener.defaultHint')}
        >
          <Switch />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
