import { type GroupRow, setGroupMembers } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Spin, Transfer } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';
import { AppModal } from '../../../../lib/modal.tsx';
import { useCan } from '../../../../lib/permission.tsx';
import { membersQuery, refreshOrg, usersQuery } from '../org-api.ts';

/** Members of a group, chosen among the users of the group's own company. */
export function MembersDialog({ group, onClose }: { group: GroupRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const canEdit = useCan('groupManager:btn_member');
  const enabled = !!group;
  const members = useQuery({ ...membersQuery(group?.id ?? 0), enabled });
  const candidates = useQuery({
    ...usersQuery({ tenantId: group?.tenantId ?? undefined, page: 1, limit: 500, sort: 'username' }),
    enabled: enabled && canEdit,
  });
  const [target, setTarget] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => setTarget((members.data ?? []).map((m) => String(m.userId))), [members.data]);

  const source = useMemo(() => {
    const rows = new Map<string, { key: string; title: string; disabled?: boolean }>();
    // Platform groups hold platform accounts only; company groups that company's users.
    for (const u of candidates.data?.rows ?? []) {
      if (u.tenantId === (group?.tenantId ?? null))
        rows.set(String(u.id), { key: String(u.id), title: `${u.name} (${u.username})` });
    }
    for (const m of members.data ?? [])
      rows.set(String(m.userId), { key: String(m.userId), title: `${m.name} (${m.username})` });
    return [...rows.values()].map((r) => ({ ...r, disabled: !canEdit }));
  }, [candidates.data, members.data, group, canEdit]);

  const save = async () => {
    if (!group) return;
    setBusy(true);
    try {
      await call(setGroupMembers, { params: { id: group.id }, body: { userIds: target.map(Number) } });
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
      width={680}
      title={t('org.group.membersTitle', { name: group?.name ?? '' })}
      onCancel={onClose}
      onOk={canEdit ? save : onClose}
      okText={canEdit ? t('org.common.save') : t('org.common.close')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Spin spinning={members.isFetching || candidates.isFetching}>
        <Transfer
          dataSource={source}
          targetKeys={target}
          onChange={(keys) => setTarget(keys.map(String))}
          render={(item) => item.title}
          showSearch
          titles={[t('org.group.candidates'), t('org.group.members')]}
          styles={{ section: { width: 290, height: 360 } }}
        />
      </Spin>
    </AppModal>
  );
}
