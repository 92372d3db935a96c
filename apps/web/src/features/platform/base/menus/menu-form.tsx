import { type AdminMenuNode, createMenu, MENU_CODE_PATTERN, type MenuRow, updateMenu } from '@fpy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select, Space, Switch, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedInput, LimitedTextArea } from '../../../../crud/limited-input.tsx';
import { toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';
import { localizedTitle, useLanguage } from '../../../../lib/i18n.ts';
import { refreshMenus } from '../base-api.ts';
import { IconField } from './icon-field.tsx';

export type MenuFormMode =
  | { kind: 'view'; menu: MenuRow }
  | { kind: 'edit'; menu: MenuRow }
  | { kind: 'add'; parentId: number | null };

interface Values {
  parentId?: number | null;
  code: string;
  titleZh: string;
  titleEn: string;
  icon?: string | null;
  path?: string | null;
  sortOrder?: number;
  hidden?: boolean;
  scope: 'tenant' | 'platform';
  description?: string | null;
}

interface ParentOption {
  value: number;
  title: string;
  children: ParentOption[];
}

/** Parent choices without the menu itself and its subtree: nothing may move under itself. */
function parentOptions(nodes: AdminMenuNode[], exclude: number | null, lang: 'zh' | 'en'): ParentOption[] {
  return nodes
    .filter((n) => n.id !== exclude)
    .map((n) => ({
      value: n.id,
      title: localizedTitle({ title: n.titleZh, titleEn: n.titleEn }, lang),
      children: parentOptions(n.children, exclude, lang),
    }));
}

export function MenuForm({
  mode,
  tree,
  onSaved,
  onCancel,
}: {
  mode: MenuFormMode;
  tree: AdminMenuNode[];
  onSaved: (m: MenuRow) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const current = mode.kind === 'add' ? null : mode.menu;
  const readOnly = mode.kind === 'view';
  const parents = useMemo(() => parentOptions(tree, current?.id ?? null, lang), [tree, current, lang]);

  // The page remounts this form (key) whenever the mode or the menu changes, so initial values suffice.
  const initialValues: Partial<Values> = current
    ? { ...current }
    : { parentId: mode.kind === 'add' ? mode.parentId : null, sortOrder: 0, hidden: false, scope: 'tenant' };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const body = {
        parentId: v.parentId ?? null,
        titleZh: v.titleZh,
        titleEn: v.titleEn,
        icon: v.icon || null,
        path: v.path || null,
        sortOrder: v.sortOrder ?? 0,
        hidden: v.hidden ?? false,
        scope: v.scope,
        description: v.description || null,
      };
      const saved = current
        ? await call(updateMenu, { params: { id: current.id }, body })
        : await call(createMenu, { body: { ...body, code: v.code } });
      toast.success(t('base.common.saved'));
      await refreshMenus(qc);
      onSaved(saved);
    } catch {
      // Shown by the shared client (duplicate code, parent cycle …).
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
    <Form
      form={form}
      layout="vertical"
      name="base-menu-form"
      disabled={readOnly}
      initialValues={initialValues}
      onFinish={submit}
    >
      <Form.Item
        name="parentId"
        label={t('base.menu.parent')}
        extra={readOnly ? undefined : t('base.menu.parentHint')}
      >
        <TreeSelect allowClear treeDefaultExpandAll treeData={parents} />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('base.menu.code')}
        extra={readOnly ? undefined : t('base.menu.codeHint')}
        rules={[
          required('base.menu.code'),
          { pattern: MENU_CODE_PATTERN, message: t('base.menu.codePattern') },
        ]}
      >
        <LimitedInput maxLength={64} disabled={!!current} />
      </Form.Item>
      <Form.Item name="titleZh" label={t('base.menu.titleZh')} rules={[required('base.menu.titleZh')]}>
        <LimitedInput maxLength={64} />
      </Form.Item>
      <Form.Item name="titleEn" label={t('base.menu.titleEn')} rules={[required('base.menu.titleEn')]}>
        <LimitedInput maxLength={64} />
      </Form.Item>
      <Form.Item
        name="icon"
        label={t('base.menu.icon')}
        extra={readOnly ? undefined : t('base.menu.iconHint')}
      >
        <IconField disabled={readOnly} />
      </Form.Item>
      <Form.Item
        name="path"
        label={t('base.menu.path')}
        extra={readOnly ? undefined : t('base.menu.pathHint')}
      >
        <Input maxLength={255} />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="sortOrder" label={t('base.menu.sortOrder')}>
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
        <Form.Item name="scope" label={t('base.menu.scope')}>
          <Select
            style={{ width: 160 }}
            options={[
              { value: 'tenant', label: t('base.menu.scopeTenant') },
              { value: 'platform', label: t('base.menu.scopePlatform') },
            ]}
          />
        </Form.Item>
        <Form.Item name="hidden" label={t('base.menu.hidden')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item name="description" label={t('base.menu.description')}>
        <LimitedTextArea maxLength={255} rows={2} />
      </Form.Item>
      {!readOnly && (
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('base.common.save')}
          </Button>
          <Button onClick={onCancel}>{t('base.common.cancel')}</Button>
        </Space>
      )}
    </Form>
  );
}
