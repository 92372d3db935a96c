import { exportUsers, type UserRow } from '@fpy/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, type TableProps, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../../crud/paged-table.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { download } from '../../../../lib/http.ts';
import { Can } from '../../../../lib/permission.tsx';
import { usersQuery } from '../org-api.ts';
import { useOrgScope } from '../use-org-scope.ts';
import { AssignGroupsDialog } from './assign-groups-dialog.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { PasswordDialog } from './password-dialog.tsx';
import { UserFilters, type UserFilterValues } from './user-filters.tsx';
import { UserFormDrawer } from './user-form-drawer.tsx';
import { type UserDialog, UserRowActions } from './user-row-actions.tsx';

/** Newest accounts first, also when the user clears a column's sort. */
const DEFAULT_SORT = '-createdAt';

/** Spec §2.12 /orgManager/userManager. */
export default function UserPage() {
  const { t } = useTranslation();
  const { platform } = useOrgScope();
  const [filters, setFilters] = useState<UserFilterValues>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20, sort: DEFAULT_SORT });
  const { data, isFetching } = useQuery(usersQuery({ ...filters, ...paging }));
  const [drawer, setDrawer] = useState<{ open: boolean; user: UserRow | null }>({ open: false, user: null });
  const [dialog, setDialog] = useState<{ kind: UserDialog | null; user: UserRow | null }>({
    kind: null,
    user: null,
  });
  const [importing, setImporting] = useState(false);

  const open = (kind: UserDialog, user: UserRow) =>
    kind === 'edit' ? setDrawer({ open: true, user }) : setDialog({ kind, user });
  const exportFile = () =>
    void download(exportUsers, { query: { ...filters, sort: paging.sort } }).catch(() => undefined);

  const columns: TableProps<UserRow>['columns'] = [
    { title: t('org.user.username'), dataIndex: 'username', sorter: true, fixed: 'left' },
    { title: t('org.user.name'), dataIndex: 'name', sorter: true },
    ...(platform ? [{ title: t('org.user.tenant'), dataIndex: 'tenantName', ellipsis: true }] : []),
    { title: t('org.user.phone'), dataIndex: 'phone' },
    { title: t('org.user.department'), dataIndex: 'departmentName' },
    { title: t('org.user.position'), dataIndex: 'positionName' },
    {
      title: t('org.user.groups'),
      dataIndex: 'groups',
      render: (gs: UserRow['groups']) => gs.map((g) => <Tag key={g.id}>{g.name}</Tag>),
    },
    {
      title: t('org.user.status'),
      dataIndex: 'status',
      sorter: true,
      render: (_: number, r) => (
        <Space size={4}>
          <Tag color={r.status === 1 ? 'green' : 'default'}>
            {t(r.status === 1 ? 'org.user.active' : 'org.user.disabled')}
          </Tag>
          {r.locked && (
            <Tooltip title={t('org.user.lockedUntil', { time: formatDateTime(r.lockedUntil) })}>
              <Tag color="red">{t('org.user.locked')}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('org.user.lastLoginAt'),
      dataIndex: 'lastLoginAt',
      sorter: true,
      render: (v: string | null) => formatDateTime(v),
    },
    {
      title: t('org.common.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('org.common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 280,
      render: (_: unknown, r) => <UserRowActions user={r} onOpen={open} />,
    },
  ];

  return (
    <Card>
      <UserFilters
        onSearch={(v) => {
          setFilters(v);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <Space style={{ marginBottom: 16 }}>
        <Can code="userManager:btn_add">
          <Button type="primary" onClick={() => setDrawer({ open: true, user: null })}>
            {t('org.common.add')}
          </Button>
        </Can>
        <Can code="userManager:btn_import">
          <Button onClick={() => setImporting(true)}>{t('org.user.import')}</Button>
        </Can>
        <Can code="userManager:btn_export">
          <Button onClick={exportFile}>{t('org.user.export')}</Button>
        </Can>
      </Space>
      <PagedTable<UserRow>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
        defaultSort={DEFAULT_SORT}
      />
      <UserFormDrawer
        open={drawer.open}
        user={drawer.user}
        onClose={() => setDrawer({ open: false, user: null })}
      />
      <PasswordDialog
        user={dialog.kind === 'password' ? dialog.user : null}
        onClose={() => setDialog({ kind: null, user: null })}
      />
      <AssignGroupsDialog
        user={dialog.kind === 'groups' ? dialog.user : null}
        onClose={() => setDialog({ kind: null, user: null })}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </Card>
  );
}
