import { type DepartmentNode, deleteDepartment } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Popconfirm, Select, Space, Spin, Tag, Tree } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';
import { Can } from '../../../../lib/permission.tsx';
import { departmentsQuery, refreshOrg } from '../org-api.ts';
import { useOrgScope } from '../use-org-scope.ts';
import { type DepartFormState, DepartFormDialog } from './depart-form-dialog.tsx';

interface Row {
  key: number;
  node: DepartmentNode;
  children: Row[];
}
const toRows = (nodes: DepartmentNode[]): Row[] =>
  nodes.map((n) => ({ key: n.id, node: n, children: toRows(n.children) }));

/** Spec §2.12 /orgManager/departManager: the company's department tree. */
export default function DepartPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { platform, tenantOptions } = useOrgScope();
  const [tenantId, setTenantId] = useState<number | undefined>();
  // Platform accounts look at one company at a time; mixing companies in one tree would mislead.
  const enabled = !platform || tenantId !== undefined;
  const { data: tree = [], isFetching } = useQuery({ ...departmentsQuery(tenantId), enabled });
  const [form, setForm] = useState<DepartFormState>({ open: false, node: null, parentId: null });

  const remove = async (n: DepartmentNode) => {
    try {
      await call(deleteDepartment, { params: { id: n.id } });
      toast.success(t('org.common.deleted'));
      await refreshOrg(qc);
    } catch {
      // Shown by the shared client (still has sub-departments or users).
    }
  };

  const title = (row: Row) => {
    const n = row.node;
    return (
      <Space size={4}>
        <span>{n.name}</span>
        {n.code && <Tag>{n.code}</Tag>}
        <span style={{ color: '#999' }}>{t('org.depart.userCount', { count: n.userCount })}</span>
        <Can code="departManager:btn_add">
          <Button
            type="link"
            size="small"
            onClick={() => setForm({ open: true, node: null, parentId: n.id })}
          >
            {t('org.depart.addChild')}
          </Button>
        </Can>
        <Can code="departManager:btn_edit">
          <Button
            type="link"
            size="small"
            onClick={() => setForm({ open: true, node: n, parentId: n.parentId })}
          >
            {t('org.common.edit')}
          </Button>
        </Can>
        <Can code="departManager:btn_del">
          <Popconfirm title={t('org.depart.confirmDelete', { name: n.name })} onConfirm={() => remove(n)}>
            <Button type="link" size="small" danger>
              {t('org.common.delete')}
            </Button>
          </Popconfirm>
        </Can>
      </Space>
    );
  };

  return (
    <Card>
      <Space style={{ marginBottom: 16 }} wrap>
        {platform && (
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('org.depart.pickTenant')}
            options={tenantOptions}
            value={tenantId}
            onChange={setTenantId}
            style={{ width: 260 }}
          />
        )}
        <Can code="departManager:btn_add">
          <Button
            type="primary"
            disabled={!enabled}
            onClick={() => setForm({ open: true, node: null, parentId: null })}
          >
            {t('org.depart.addRoot')}
          </Button>
        </Can>
      </Space>
      {!enabled ? (
        <Alert type="info" showIcon title={t('org.depart.pickTenant')} />
      ) : (
        <Spin spinning={isFetching}>
          {tree.length ? (
            <Tree<Row>
              blockNode
              selectable={false}
              defaultExpandAll
              key={tree.length}
              treeData={toRows(tree)}
              titleRender={title}
            />
          ) : (
            !isFetching && <Empty description={t('org.depart.empty')} />
          )}
        </Spin>
      )}
      <DepartFormDialog
        state={form}
        tree={tree}
        tenantId={tenantId}
        onClose={() => setForm({ open: false, node: null, parentId: null })}
      />
    </Card>
  );
}
