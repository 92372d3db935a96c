import { createMenuElement, type ElementRow, type MenuRow, updateElement } from '@fpy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Form, InputNumber } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedInput } from '../../../../crud/limited-input.tsx';
import { toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';
import { AppModal } from '../../../../lib/modal.tsx';
import { refreshMenus } from '../base-api.ts';

export interface ElementDialogState {
  open: boolean;
  /** The button being edited, or null to add one to the menu. */
  element: ElementRow | null;
}

interface Values {
  action: string;
  nameZh: string;
  nameEn: string;
  sortOrder?: number;
}

const ACTION_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Button codes are always `<menuCode>:btn_<action>`: the prefix is fixed, only the action is typed. */
export function ElementDialog({
  menu,
  state,
  onClose,
}: {
  menu: MenuRow;
  state: ElementDialogState;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const prefix = `${menu.code}:btn_`;
  const { element, open } = state;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      element
        ? {
            action: element.code.slice(prefix.length),
            nameZh: element.nameZh,
            nameEn: element.nameEn,
            sortOrder: element.sortOrder,
          }
        : { sortOrder: 0 },
    );
  }, [open, element, form, prefix]);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const body = { nameZh: v.nameZh, nameEn: v.nameEn, sortOrder: v.sortOrder ?? 0 };
      if (element) await call(updateElement, { params: { id: element.id }, body });
      else
        await call(createMenuElement, {
          params: { id: menu.id },
          body: { ...body, code: prefix + v.action },
        });
      toast.success(t('base.common.saved'));
      await refreshMenus(qc);
      onClose();
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('base.common.required', { field: t(field) }),
  });

  return (
    <AppModal
      open={open}
      title={t(element ? 'base.element.editTitle' : 'base.element.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="base-element-form" onFinish={submit}>
        <Form.Item
          name="action"
          label={t('base.element.code')}
          rules={[
            required('base.element.action'),
            { pattern: ACTION_PATTERN, message: t('base.element.actionPattern') },
          ]}
        >
          <LimitedInput addonBefore={prefix} maxLength={48} disabled={!!element} />
        </Form.Item>
        <Form.Item name="nameZh" label={t('base.element.nameZh')} rules={[required('base.element.nameZh')]}>
          <LimitedInput maxLength={64} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('base.element.nameEn')} rules={[required('base.element.nameEn')]}>
          <LimitedInput maxLength={64} />
        </Form.Item>
        <Form.Item name="sortOrder" label={t('base.element.sortOrder')}>
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
