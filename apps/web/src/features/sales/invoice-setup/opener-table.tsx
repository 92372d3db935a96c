import { deleteOpenerProfile, type OpenerProfileRow, type OpenerRole } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../crud/row-actions.tsx';
import { toast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { call } from '../../../lib/http.ts';
import { Can } from '../../../lib/permission.tsx';
import { OpenerFormDialog } from './opener-form-dialog.tsx';
import { departmentsQuery, openersQuery, setupKeys } from './setup-api.ts';

/** One tab of 开票人设置: the entries of one role, filterable by department. */
export function OpenerTable({ role }: { role: OpenerRole }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  // undefined = every department, 0 = company-wide only.
  const [departmentId, setDepartmentId] = useState<number | undefined>(undefined);
  const { data, isFetching } = useQuery(openersQuery(role, departmentId));
  const { data: departments = [] } = useQuery(departmentsQuery);
  const [dialog, setDialog] = useState<OpenerProfileRow | null | undefined>(undefined);
  const roleName = t(`invoiceSetup.opener.roles.${role}`);

  const remove = (r: OpenerProfileRow) =>
    call(deleteOpenerProfile, { params: { id: r.id } }).then(
      async () => {
        toast.success(t('invoiceSetup.deleted'));
        await qc.invalidateQueries({ queryKey: setupKeys.openers });
      },
      () => undefined,
    );

  const columns: TableColumnsType<OpenerProfileRow> = [
    {
      title: t('invoiceSetup.opener.name'),
      dataIndex: 'name',
      render: (v: string, r) => (
        <Space>
          {v}
          {r.isDefault && <Tag color="blue">{t('invoiceSetup.opener.defaultTag')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('invoiceSetup.opener.department'),
      dataIndex: 'departmentName',
      render: (v: string | null, r) =>
        r.departmentId === null ? t('invoiceSetup.opener.companyWide') : (v ?? `#${r.departmentId}`),
    },
    {
      title: t('invoiceSetup.opener.isDefault'),
      dataIndex: 'isDefault',
      width: 90,
      render: (v: boolean) => t(v ? 'invoiceSetup.yes' : 'invoiceSetup.no'),
    },
    {
      title: t('invoiceSetup.updatedAt'),
      dataIndex: 'updatedAt',
      width: 180,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('invoiceSetup.actions'),
      key: 'actions',
      width: 140,
      render: (_, r) => (
        <RowActions
          edit={{ code: 'openerSetup:btn_edit', onClick: () => setDialog(r) }}
          remove={{
            code: 'openerSetup:btn_del',
            confirm: t('invoiceSetup.opener.confirmDelete', { role: roleName, name: r.name }),
            onConfirm: () => remove(r),
          }}
        />
      ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          allowClear
          style={{ width: 240 }}
          placeholder={t('invoiceSetup.opener.allDepartments')}
          value={departmentId}
          onChange={(v) => setDepartmentId(v)}
          showSearch
          optionFilterProp="label"
          options={[
            { value: 0, label: t('invoiceSetup.opener.companyWide') },
            ...departments.map((d) => ({ value: d.id, label: d.path })),
          ]}
        />
        <Can code="openerSetup:btn_add">
          <Button type="primary" onClick={() => setDialog(null)} data-testid={`opener-add-${role}`}>
            {t('invoiceSetup.opener.addTitle', { role: roleName })}
          </Button>
        </Can>
      </Space>
      <Table<OpenerProfileRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        pagination={false}
      />
      <OpenerFormDialog role={role} row={dialog} onClose={() => setDialog(undefined)} />
    </>
  );
}
