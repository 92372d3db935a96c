import { createDepartment, type DepartmentNode, updateDepartment } from '@fpy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedInput } from '../../../../crud/limited-input.tsx';
import { toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';
import { AppModal } from '../../../../lib/modal.tsx';
import { type DeptTreeData, refreshOrg, toTreeData } from '../org-api.ts';

export interface DepartFormState {
  open: boolean;
  /** The department being edited, or null to create one under parentId. */
  node: DepartmentNode | null;
  parentId: number | null;
}

interface Values {
  parentId?: number | null;
  name: string;
  code?: string;
  sortOrder?: number;
}

/** Removes a department and its subtree from the parent choices: nothing may move under itself. */
function without(nodes: DeptTreeData[], id: number): DeptTreeData[] {
  return nodes.filter((n) => n.value !== id).map((n) => ({ ...n, children: without(n.children, id) }));
}

export function DepartFormDialog({
  state,
  tree,
  tenantId,
  onClose,
}: {
  state: DepartFormState;
  tree: DepartmentNode[];
  tenantId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const { node, open, parentId } = state;
  const parents = useMemo(() => (node ? without(toTreeData(tree), node.id) : toTreeData(tree)), [tree, node]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      node
        ? { parentId: node.parentId, name: node.name, code: node.code ?? '', sortOrder: node.sortOrder }
        : { parentId, sortOrder: 0 },
    );
  }, [open, node, parentId, form]);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const body = {
        parentId: v.parentId ?? null,
        name: v.name,
        code: v.code || null,
        sortOrder: v.sortOrder ?? 0,
      };
      if (node) await call(updateDepartment, { params: { id: node.id }, body });
      else await call(createDepartment, { body: { ...body, tenantId } });
      toast.success(t('org.common.saved'));
      await refreshOrg(qc);
      onClose();
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppModal
      open={open}
      title={t(node ? 'org.depart.editTitle' : 'org.depart.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="org-depart-form" onFinish={submit}>
        <Form.Item name="parentId" label={t('org.depart.parent')} extra={t('org.depart.parentHint')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={parents} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('org.depart.name')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('org.common.required', { field: t('org.depart.name') }),
            },
          ]}
        >
          <LimitedInput maxLength={64} />
        </Form.Item>
        <Form.Item name="code" label={t('org.depart.code')}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="sortOrder" label={t('org.depart.sortOrder')}>
          <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
