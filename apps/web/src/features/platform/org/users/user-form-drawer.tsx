import { assignUserGroups, createUser, type UserRow, updateUser } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, Select, Space, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedInput, LimitedTextArea } from '../../../../crud/limited-input.tsx';
import { toast } from '../../../../lib/feedback.ts';
import { EMAIL_PATTERN, PHONE_PATTERN, passwordRules } from '../../../../lib/form-rules.ts';
import { call } from '../../../../lib/http.ts';
import { useCan } from '../../../../lib/permission.tsx';
import { refreshOrg, toTreeData, userOptionsQuery } from '../org-api.ts';
import { useOrgScope } from '../use-org-scope.ts';

interface Values {
  tenantId?: number;
  username: string;
  password: string;
  name: string;
  phone?: string;
  email?: string;
  departmentId?: number | null;
  positionId?: number | null;
  groupIds?: number[];
  description?: string;
}

/** Create (user === null) or edit a user. Groups are chosen here on create; on edit only with the assign right. */
export function UserFormDrawer({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: UserRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const { platform, tenantOptions } = useOrgScope();
  const canAssign = useCan('userManager:btn_assign');
  const watchedTenant = Form.useWatch('tenantId', form) as number | undefined;
  const tenantId = user?.tenantId ?? watchedTenant;
  const { data: options } = useQuery({
    ...userOptionsQuery(platform ? tenantId : undefined),
    enabled: open && (!platform || !!tenantId),
  });
  const editing = user !== null;
  const showGroups = !editing || canAssign;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (user) {
      form.setFieldsValue({
        username: user.username,
        name: user.name,
        phone: user.phone ?? '',
        email: user.email ?? '',
        departmentId: user.departmentId,
        positionId: user.positionId,
        description: user.description ?? '',
        groupIds: user.groups.map((g) => g.id),
      });
    }
  }, [open, user, form]);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const profile = {
        name: v.name,
        phone: v.phone ?? null,
        email: v.email ?? null,
        departmentId: v.departmentId ?? null,
        positionId: v.positionId ?? null,
        description: v.description ?? null,
      };
      if (user) {
        await call(updateUser, { params: { id: user.id }, body: profile });
        const before = user.groups
          .map((g) => g.id)
          .sort()
          .join();
        if (canAssign && v.groupIds && [...v.groupIds].sort().join() !== before) {
          await call(assignUserGroups, { params: { id: user.id }, body: { groupIds: v.groupIds } });
        }
      } else {
        await call(createUser, {
          body: {
            ...profile,
            tenantId: v.tenantId,
            username: v.username.trim(),
            password: v.password,
            groupIds: v.groupIds ?? [],
          },
        });
      }
      toast.success(t('org.common.saved'));
      await refreshOrg(qc);
      onClose();
    } catch {
      // The shared client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const required = (label: string) => [
    { required: true, whitespace: true, message: t('org.common.required', { field: label }) },
  ];
  return (
    <Drawer
      open={open}
      size={520}
      title={t(editing ? 'org.user.editTitle' : 'org.user.addTitle')}
      onClose={onClose}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('org.common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()}>
            {t('org.common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" name="org-user-form" onFinish={submit}>
        {platform && !editing && (
          <Form.Item
            name="tenantId"
            label={t('org.user.tenant')}
            rules={[{ required: true, message: t('org.common.required', { field: t('org.user.tenant') }) }]}
          >
            <Select showSearch={{ optionFilterProp: 'label' }} options={tenantOptions} />
          </Form.Item>
        )}
        <Form.Item
          name="username"
          label={t('org.user.username')}
          rules={[
            ...required(t('org.user.username')),
            { pattern: /^[A-Za-z0-9][A-Za-z0-9_.@-]{2,31}$/, message: t('org.user.usernameRule') },
          ]}
        >
          <Input disabled={editing} maxLength={32} autoComplete="off" />
        </Form.Item>
        {!editing && (
          <Form.Item
            name="password"
            label={t('org.user.initialPassword')}
            rules={passwordRules()}
            extra={t('org.user.initialPasswordHint')}
          >
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('org.user.name')} rules={required(t('org.user.name'))}>
          <LimitedInput maxLength={64} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('org.user.phone')}
          rules={[{ pattern: PHONE_PATTERN, message: t('validation.phone') }]}
        >
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('org.user.email')}
          rules={[{ pattern: EMAIL_PATTERN, message: t('validation.email') }]}
        >
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item name="departmentId" label={t('org.user.department')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={toTreeData(options?.departments ?? [])} />
        </Form.Item>
        <Form.Item name="positionId" label={t('org.user.position')}>
          <Select
            allowClear
            options={(options?.positions ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        {showGroups && (
          <Form.Item name="groupIds" label={t('org.user.groups')}>
            <Select
              mode="multiple"
              allowClear
              options={(options?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
            />
          </Form.Item>
        )}
        <Form.Item name="description" label={t('org.user.description')}>
          <LimitedTextArea rows={3} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
