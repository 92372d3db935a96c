import { setTenantStatus, type TenantRow } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/feedback.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { call } from '../../../../lib/http.ts';
import { Can } from '../../../../lib/permission.tsx';
import { baseKeys, type TenantQuery, tenantsQuery } from '../base-api.ts';
import { CreditLineDialog } from './credit-line-dialog.tsx';
import { TENANT_TYPES, TenantFormDialog } from './tenant-form-dialog.tsx';

interface Filters {
  name?: string;
  creditCode?: string;
  tenantType?: number;
  status?: number;
}

/** Spec §2.12 /baseManager/tenantManager: platform-only list of companies. */
export default function TenantPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<TenantQuery>({ page: 1, limit: 20 });
  const { data, isFetching } = useQuery(tenantsQuery(query));
  // undefined = closed, null = create, a row = edit.
  const [dialog, setDialog] = useState<TenantRow | null | undefined>(undefined);
  const [credit, setCredit] = useState<TenantRow | null>(null);

  const toggle = async (row: TenantRow) => {
    const status = row.status === 1 ? 0 : 1;
    try {
      await call(setTenantStatus, { params: { id: row.id }, body: { status } });
      toast.success(t(status === 1 ? 'base.tenant.resumed' : 'base.tenant.suspended'));
      await qc.invalidateQueries({ queryKey: baseKeys.tenants });
    } catch {
      // Shown by the shared client.
    }
  };

  const columns: TableColumnsType<TenantRow> = [
    { title: t('base.tenant.tenantCode'), dataIndex: 'tenantCode', width: 100 },
    { title: t('base.tenant.name'), dataIndex: 'name', ellipsis: true },
    { title: t('base.tenant.creditCode'), dataIndex: 'creditCode', width: 190 },
    {
      title: t('base.tenant.tenantType'),
      dataIndex: 'tenantType',
      width: 120,
      render: (v: number, r) => (
        <Space size={4} direction="vertical">
          {t(`base.tenant.types.${v}`)}
          {r.parentName && <span style={{ color: '#999' }}>{r.parentName}</span>}
        </Space>
      ),
    },
    {
      title: t('base.tenant.invoiceMethod'),
      dataIndex: 'invoiceMethod',
      width: 110,
      render: (v: number) => t(`base.tenant.methods.${v}`),
    },
    { title: t('base.tenant.contactName'), dataIndex: 'contactName', width: 100 },
    { title: t('base.tenant.contactPhone'), dataIndex: 'contactPhone', width: 130 },
    {
      title: t('base.tenant.status'),
      dataIndex: 'status',
      width: 80,
      render: (v: number) => (
        <Tag color={v === 1 ? 'green' : 'red'}>
          {t(v === 1 ? 'base.tenant.active' : 'base.tenant.disabled')}
        </Tag>
      ),
    },
    {
      title: t('base.tenant.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('base.common.actions'),
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Can code="tenantManager:btn_edit">
            <Button type="link" size="small" onClick={() => setDialog(r)}>
              {t('base.common.edit')}
            </Button>
            <Button type="link" size="small" onClick={() => setCredit(r)}>
              {t('tenantCredit.action')}
            </Button>
          </Can>
          <Can code="tenantManager:btn_suspend">
            <Popconfirm
              title={t(r.status === 1 ? 'base.tenant.confirmSuspend' : 'base.tenant.confirmResume', {
                name: r.name,
              })}
              onConfirm={() => toggle(r)}
            >
              <Button type="link" size="small" danger={r.status === 1}>
                {t(r.status === 1 ? 'base.tenant.suspend' : 'base.tenant.resume')}
              </Button>
            </Popconfirm>
          </Can>
        </Space>
      ),
    },
  ];

  const search = (f: Filters) =>
    setQuery((q) => ({
      page: 1,
      limit: q.limit,
      sort: q.sort,
      name: f.name || undefined,
      creditCode: f.creditCode || undefined,
      tenantType: f.tenantType,
      status: f.status,
    }));

  return (
    <Card>
      <Form
        form={form}
        layout="inline"
        name="base-tenant-filters"
        onFinish={search}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="name" label={t('base.tenant.name')}>
          <Input allowClear maxLength={128} />
        </Form.Item>
        <Form.Item name="creditCode" label={t('base.tenant.creditCode')}>
          <Input allowClear maxLength={20} />
        </Form.Item>
        <Form.Item name="tenantType" label={t('base.tenant.tenantType')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={TENANT_TYPES.map((v) => ({ value: v, label: t(`base.tenant.types.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('base.tenant.status')}>
          <Select
            allowClear
            style={{ width: 100 }}
            options={[
              { value: 1, label: t('base.tenant.active') },
              { value: 0, label: t('base.tenant.disabled') },
            ]}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('base.common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              search({});
            }}
          >
            {t('base.common.reset')}
          </Button>
          <Can code="tenantManager:btn_add">
            <Button type="primary" ghost onClick={() => setDialog(null)}>
              {t('base.common.add')}
            </Button>
          </Can>
        </Space>
      </Form>
      <Table<TenantRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        scroll={{ x: 1300 }}
        pagination={{
          current: Number(query.page),
          pageSize: Number(query.limit),
          total: data?.total ?? 0,
          showSizeChanger: true,
          onChange: (page, limit) => setQuery((q) => ({ ...q, page, limit })),
        }}
      />
      {dialog !== undefined && <TenantFormDialog tenant={dialog} onClose={() => setDialog(undefined)} />}
      {credit && <CreditLineDialog tenant={credit} onClose={() => setCredit(null)} />}
    </Card>
  );
}
