import { createGroup, type GroupRow, updateGroup } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedInput, LimitedTextArea } from '../../../../crud/limited-input.tsx';
import { toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';
import { AppModal } from '../../../../lib/modal.tsx';
import { groupTypesQuery, refreshOrg } from '../org-api.ts';
import { useOrgScope } from '../use-org-scope.ts';

interface Values {
  code: string;
  name: string;
  description?: string;
  groupTypeId: number;
  tenantId?: number;
}

/** Create a group (code fixed afterwards) or rename one. */
export function GroupFormDialog({
  state,
  defaultTypeId,
  onClose,
}: {
  state: { open: boolean; group: GroupRow | null };
  defaultTypeId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const { platform, tenantOptions } = useOrgScope();
  const { data: types = [] } = useQuery(groupTypesQuery);
  const { group, open } = state;
  const typeId = Form.useWatch('groupTypeId', form) as number | undefined;
  const platformType = types.find((x) => x.id === typeId)?.code === 'platform';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      group
        ? {
            code: group.code,
            name: group.name,
            description: group.description ?? '',
            groupTypeId: group.groupTypeId,
          }
        : { groupTypeId: defaultTypeId },
    );
  }, [open, group, defaultTypeId, form]);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      if (group)
        await call(updateGroup, {
          params: { id: group.id },
          body: { name: v.name, description: v.description ?? null },
        });
      else
        await call(createGroup, {
          body: { ...v, description: v.description ?? null, tenantId: platformType ? undefined : v.tenantId },
        });
      toast.success(t('org.common.saved'));
      await refreshOrg(qc);
      onClose();
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };
  const required = (field: string) => [
    { required: true, whitespace: true, message: t('org.common.required', { field }) },
  ];
  return (
    <AppModal
      open={open}
      title={t(group ? 'org.group.editTitle' : 'org.group.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="org-group-form" onFinish={submit}>
        <Form.Item
          name="groupTypeId"
          label={t('org.group.type')}
          rules={[{ required: true, message: t('org.common.required', { field: t('org.group.type') }) }]}
        >
          <Select disabled={!!group} options={types.map((x) => ({ value: x.id, label: x.name }))} />
        </Form.Item>
        {platform && !group && !platformType && (
          <Form.Item
            name="tenantId"
            label={t('org.user.tenant')}
            rules={[{ required: true, message: t('org.common.required', { field: t('org.user.tenant') }) }]}
          >
            <Select showSearch={{ optionFilterProp: 'label' }} options={tenantOptions} />
          </Form.Item>
        )}
        <Form.Item
          name="code"
          label={t('org.group.code')}
          extra={group ? undefined : t('org.group.codeHint')}
          rules={[
            ...required(t('org.group.code')),
            { pattern: /^[A-Za-z][A-Za-z0-9_-]{1,31}$/, message: t('org.group.codeRule') },
          ]}
        >
          <Input disabled={!!group} maxLength={32} />
        </Form.Item>
        <Form.Item name="name" label={t('org.group.name')} rules={required(t('org.group.name'))}>
          <LimitedInput maxLength={64} />
        </Form.Item>
        <Form.Item name="description" label={t('org.group.description')}>
          <LimitedTextArea rows={3} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
