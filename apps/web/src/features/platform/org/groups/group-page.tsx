import { deleteGroup, type GroupRow } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Space, Table, type TableProps, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/feedback.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { call } from '../../../../lib/http.ts';
import { Can } from '../../../../lib/permission.tsx';
import { groupsQuery, groupTypesQuery, refreshOrg } from '../org-api.ts';
import { useOrgScope } from '../use-org-scope.ts';
import { GrantDialog } from './grant-dialog.tsx';
import { GroupFormDialog } from './group-form-dialog.tsx';
import { MembersDialog } from './members-dialog.tsx';

/** Spec §2.12 /orgManager/groupManager: groups by type, with the grant editor and members. */
export default function GroupPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { platform } = useOrgScope();
  const { data: types = [] } = useQuery(groupTypesQuery);
  const [typeId, setTypeId] = useState<number | undefined>();
  const activeType = typeId ?? types[0]?.id;
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const { data, isFetching } = useQuery({
    ...groupsQuery({ ...paging, groupTypeId: activeType, keyword: keyword || undefined }),
    enabled: activeType !== undefined,
  });
  const [form, setForm] = useState<{ open: boolean; group: GroupRow | null }>({ open: false, group: null });
  const [grant, setGrant] = useState<GroupRow | null>(null);
  const [members, setMembers] = useState<GroupRow | null>(null);

  const remove = async (g: GroupRow) => {
    try {
      await call(deleteGroup, { params: { id: g.id } });
      toast.success(t('org.common.deleted'));
      await refreshOrg(qc);
    } catch {
      // Shown by the shared client.
    }
  };

  const columns: TableProps<GroupRow>['columns'] = [
    {
      title: t('org.group.name'),
      dataIndex: 'name',
      render: (v: string, r) =>
        r.protected ? (
          <Space>
            {v}
            <Tag color="gold">{t('org.group.protected')}</Tag>
          </Space>
        ) : (
          v
        ),
    },
    { title: t('org.group.code'), dataIndex: 'code' },
    ...(platform
      ? [
          {
            title: t('org.user.tenant'),
            dataIndex: 'tenantName',
            render: (v: string | null) => v ?? t('org.group.platform'),
          },
        ]
      : []),
    { title: t('org.group.description'), dataIndex: 'description', ellipsis: true },
    { title: t('org.group.memberCount'), dataIndex: 'memberCount', width: 90 },
    { title: t('org.common.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
    {
      title: t('org.common.actions'),
      key: 'actions',
      width: 300,
      render: (_: unknown, r) => (
        <Space size={0} wrap>
          <Can code="groupManager:btn_edit">
            <Button type="link" size="small" onClick={() => setForm({ open: true, group: r })}>
              {t('org.common.edit')}
            </Button>
          </Can>
          <Can code="groupManager:btn_grant">
            <Button type="link" size="small" onClick={() => setGrant(r)}>
              {t('org.group.grant')}
            </Button>
          </Can>
          <Can code="groupManager:btn_member">
            <Button type="link" size="small" onClick={() => setMembers(r)}>
              {t('org.group.manageMembers')}
            </Button>
          </Can>
          {!r.protected && (
            <Can code="groupManager:btn_del">
              <Popconfirm
                title={t('org.group.confirmDelete', { name: r.name })}
                description={t('org.group.deleteHint')}
                onConfirm={() => remove(r)}
              >
                <Button type="link" size="small" danger>
                  {t('org.common.delete')}
                </Button>
              </Popconfirm>
            </Can>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Tabs
        activeKey={activeType === undefined ? undefined : String(activeType)}
        onChange={(k) => {
          setTypeId(Number(k));
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        items={types.map((x) => ({ key: String(x.id), label: x.name }))}
      />
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          maxLength={64}
          placeholder={t('org.group.keywordHint')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          style={{ width: 240 }}
        />
        <Can code="groupManager:btn_add">
          <Button type="primary" onClick={() => setForm({ open: true, group: null })}>
            {t('org.common.add')}
          </Button>
        </Can>
      </Space>
      <Table<GroupRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        pagination={{
          current: paging.page,
          pageSize: paging.limit,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('org.common.total', { total }),
          onChange: (page, limit) => setPaging({ page, limit }),
        }}
      />
      <GroupFormDialog
        state={form}
        defaultTypeId={activeType}
        onClose={() => setForm({ open: false, group: null })}
      />
      <GrantDialog group={grant} onClose={() => setGrant(null)} />
      <MembersDialog group={members} onClose={() => setMembers(null)} />
    </Card>
  );
}
