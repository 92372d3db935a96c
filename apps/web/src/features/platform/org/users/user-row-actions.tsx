import { deleteUser, setUserStatus, unlockUser, type UserRow } from '@fpy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';
import { Can } from '../../../../lib/permission.tsx';
import { refreshOrg } from '../org-api.ts';

export type UserDialog = 'edit' | 'password' | 'groups';

/** The buttons of one row, each shown only with its element code. */
export function UserRowActions({
  user,
  onOpen,
}: {
  user: UserRow;
  onOpen: (dialog: UserDialog, user: UserRow) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
      await refreshOrg(qc);
    } catch {
      // Shown by the shared client.
    }
  };
  const active = user.status === 1;
  return (
    <Space size={0} wrap>
      <Can code="userManager:btn_edit">
        <Button type="link" size="small" onClick={() => onOpen('edit', user)}>
          {t('org.common.edit')}
        </Button>
      </Can>
      <Can code="userManager:btn_disable">
        <Popconfirm
          title={t(active ? 'org.user.confirmDisable' : 'org.user.confirmEnable', { name: user.name })}
          onConfirm={() =>
            run(
              () => call(setUserStatus, { params: { id: user.id }, body: { status: active ? 0 : 1 } }),
              t('org.common.done'),
            )
          }
        >
          <Button type="link" size="small" danger={active}>
            {t(active ? 'org.user.disable' : 'org.user.enable')}
          </Button>
        </Popconfirm>
      </Can>
      {user.locked && (
        <Can code="userManager:btn_unlock">
          <Button
            type="link"
            size="small"
            onClick={() => run(() => call(unlockUser, { params: { id: user.id } }), t('org.user.unlocked'))}
          >
            {t('org.user.unlock')}
          </Button>
        </Can>
      )}
      <Can code="userManager:btn_resetPwd">
        <Button type="link" size="small" onClick={() => onOpen('password', user)}>
          {t('org.user.resetPwd')}
        </Button>
      </Can>
      <Can code="userManager:btn_assign">
        <Button type="link" size="small" onClick={() => onOpen('groups', user)}>
          {t('org.user.assign')}
        </Button>
      </Can>
      <Can code="userManager:btn_del">
        <Popconfirm
          title={t('org.user.confirmDelete', { name: user.name })}
          description={t('org.common.irreversible')}
          onConfirm={() => run(() => call(deleteUser, { params: { id: user.id } }), t('org.common.deleted'))}
        >
          <Button type="link" size="small" danger>
            {t('org.common.delete')}
          </Button>
        </Popconfirm>
      </Can>
    </Space>
  );
}
