import { assignUserGroups, type UserRow } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Empty, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';
import { AppModal } from '../../../../lib/modal.tsx';
import { refreshOrg, userOptionsQuery } from '../org-api.ts';

/** Replaces the user's groups with the ticked ones (the groups of the user's own company). */
export function AssignGroupsDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data } = useQuery({ ...userOptionsQuery(user?.tenantId ?? undefined), enabled: !!user });
  const [checked, setChecked] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => setChecked(user?.groups.map((g) => g.id) ?? []), [user]);
  const groups = data?.groups ?? [];

  const save = async () => {
    if (!user) return;
    setBusy(true);
    try {
      await call(assignUserGroups, { params: { id: user.id }, body: { groupIds: checked } });
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
      open={!!user}
      title={t('org.user.assignTitle', { name: user?.name ?? '' })}
      onCancel={onClose}
      onOk={save}
      confirmLoading={busy}
      destroyOnHidden
    >
      {groups.length ? (
        <Checkbox.Group value={checked} onChange={(v) => setChecked(v as number[])}>
          <Space orientation="vertical">
            {groups.map((g) => (
              <Checkbox key={g.id} value={g.id}>
                {g.name} <span style={{ color: '#999' }}>({g.code})</span>
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      ) : (
        <Empty description={t('org.user.noGroups')} />
      )}
    </AppModal>
  );
}
