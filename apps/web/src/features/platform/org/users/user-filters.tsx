import { Button, Form, Select, Space, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LimitedInput } from '../../../../crud/limited-input.tsx';
import { toTreeData, type UserQuery, userOptionsQuery } from '../org-api.ts';
import { useOrgScope } from '../use-org-scope.ts';

export type UserFilterValues = Pick<
  UserQuery,
  'keyword' | 'departmentId' | 'positionId' | 'groupId' | 'status' | 'locked' | 'tenantId'
>;

/** The list's search form; the same values drive the export. */
export function UserFilters({ onSearch }: { onSearch: (v: UserFilterValues) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFilterValues>();
  const { platform, tenantOptions } = useOrgScope();
  const tenantId = Form.useWatch('tenantId', form) as number | undefined;
  const { data: options } = useQuery(userOptionsQuery(tenantId));
  const submit = (v: UserFilterValues) =>
    onSearch({ ...v, keyword: (v.keyword as string | undefined)?.trim() || undefined });
  return (
    <Form
      form={form}
      layout="inline"
      name="org-user-search"
      onFinish={submit}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      {platform && (
        <Form.Item name="tenantId" label={t('org.user.tenant')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={tenantOptions}
            style={{ width: 200 }}
            placeholder={t('org.common.all')}
          />
        </Form.Item>
      )}
      <Form.Item name="keyword" label={t('org.user.keyword')}>
        <LimitedInput
          allowClear
          maxLength={64}
          placeholder={t('org.user.keywordHint')}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item name="departmentId" label={t('org.user.department')}>
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          treeData={toTreeData(options?.departments ?? [])}
          style={{ width: 180 }}
          placeholder={t('org.common.all')}
        />
      </Form.Item>
      <Form.Item name="positionId" label={t('org.user.position')}>
        <Select
          allowClear
          options={(options?.positions ?? []).map((p) => ({ value: p.id, label: p.name }))}
          style={{ width: 140 }}
          placeholder={t('org.common.all')}
        />
      </Form.Item>
      <Form.Item name="groupId" label={t('org.user.groups')}>
        <Select
          allowClear
          options={(options?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
          style={{ width: 140 }}
          placeholder={t('org.common.all')}
        />
      </Form.Item>
      <Form.Item name="status" label={t('org.user.status')}>
        <Select
          allowClear
          style={{ width: 110 }}
          placeholder={t('org.common.all')}
          options={[
            { value: 1, label: t('org.user.active') },
            { value: 0, label: t('org.user.disabled') },
          ]}
        />
      </Form.Item>
      <Form.Item name="locked" label={t('org.user.locked')}>
        <Select
          allowClear
          style={{ width: 110 }}
          placeholder={t('org.common.all')}
          options={[
            { value: 'true', label: t('org.common.yes') },
            { value: 'false', label: t('org.common.no') },
          ]}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('org.common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('org.common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
