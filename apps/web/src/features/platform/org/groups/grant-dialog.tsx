import { type GroupRow, setGroupAuthority } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Space, Spin, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { AppModal } from '../../../../lib/modal.tsx';
import { authorityQuery, refreshOrg } from '../org-api.ts';
import { buildGrantIndex, elementKey, menuKey, splitKeys, toggleGrant } from './grant-tree.ts';

/** The grant editor: one checkbox tree of the menus and buttons the current account may grant. */
export function GrantDialog({ group, onClose }: { group: GroupRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const en = useLanguage() === 'en';
  const qc = useQueryClient();
  const { data, isFetching } = useQuery({ ...authorityQuery(group?.id ?? 0), enabled: !!group });
  const index = useMemo(() => buildGrantIndex(data?.menus ?? [], en), [data, en]);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) setChecked(new Set([...data.menuIds.map(menuKey), ...data.elementIds.map(elementKey)]));
  }, [data]);

  const all = useMemo(() => [...index.descendantsOf.keys(), ...index.parentOf.keys()], [index]);
  const save = async () => {
    if (!group) return;
    setBusy(true);
    try {
      await call(setGroupAuthority, { params: { id: group.id }, body: splitKeys(checked) });
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
      open={!!group}
      width={640}
      title={t('org.group.grantTitle', { name: group?.name ?? '' })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => setChecked(new Set(all))}>{t('org.group.checkAll')}</Button>
          <Button onClick={() => setChecked(new Set())}>{t('org.group.clearAll')}</Button>
          <Button onClick={onClose}>{t('org.common.cancel')}</Button>
          <Button type="primary" loading={busy} disabled={!data} onClick={save}>
            {t('org.common.save')}
          </Button>
        </Space>
      }
    >
      <p style={{ color: '#888' }}>{t('org.group.grantHint')}</p>
      <Spin spinning={isFetching}>
        <div style={{ maxHeight: 480, overflow: 'auto' }}>
          {index.tree.length ? (
            <Tree
              checkable
              checkStrictly
              defaultExpandAll
              selectable={false}
              treeData={index.tree}
              checkedKeys={[...checked]}
              onCheck={(_, info) =>
                setChecked((c) => toggleGrant(c, String(info.node.key), info.checked, index))
              }
            />
          ) : (
            !isFetching && <Empty description={t('org.group.nothingToGrant')} />
          )}
        </div>
      </Spin>
    </AppModal>
  );
}
