import type { MessageChannel, ProviderRow } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../crud/row-actions.tsx';
import { toast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { call } from '../../../lib/http.ts';
import { Can, useCan } from '../../../lib/permission.tsx';
import { ProviderFormDialog } from './provider-form-dialog.tsx';
import { MENU_OF, providerKeys, providersQuery, routesOf } from './providers-api.ts';
import { TestSendDialog } from './test-send-dialog.tsx';

const KIND_COLOR: Record<string, string> = {
  smtp: 'blue',
  aliyun: 'orange',
  tencent: 'cyan',
  sandbox: 'default',
};

/** The few settings that tell accounts apart in the list (never a secret: the server masks them anyway). */
function summary(row: ProviderRow): string {
  const c = row.config;
  switch (row.kind) {
    case 'smtp':
      return `${c.from ?? ''} · ${c.host ?? ''}:${c.port ?? ''}`;
    case 'aliyun':
      return `【${c.signName ?? ''}】 ${c.accessKeyId ?? ''} · ${c.endpoint ?? ''}`;
    case 'tencent':
      return `【${c.signName ?? ''}】 SdkAppId ${c.sdkAppId ?? ''} · ${c.endpoint ?? ''}`;
    default:
      return '';
  }
}

/**
 * One channel's platform accounts: the order messages try them in (priority, weight), enable/disable, edit
 * with masked secrets, test send, and the receipt URL to enter in the provider's console.
 */
export function ProvidersPage({ channel }: { channel: MessageChannel }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const menu = MENU_OF[channel];
  const routes = routesOf(channel);
  const { data, isFetching } = useQuery(providersQuery(channel));
  const [editing, setEditing] = useState<ProviderRow | null | undefined>(undefined);
  const [testing, setTesting] = useState<ProviderRow | null>(null);
  const canToggle = useCan(`${menu}:btn_enable`);
  const refresh = () => qc.invalidateQueries({ queryKey: providerKeys.list(channel) });

  const toggle = (r: ProviderRow, enabled: boolean) =>
    call(routes.setStatus, { params: { id: r.id }, body: { enabled } }).then(
      async () => {
        toast.success(t(enabled ? 'deliveryProviders.enabledDone' : 'deliveryProviders.disabledDone'));
        await refresh();
      },
      () => undefined,
    );
  const remove = (r: ProviderRow) =>
    call(routes.remove, { params: { id: r.id } }).then(
      async () => {
        toast.success(t('deliveryProviders.deleted'));
        await refresh();
      },
      () => undefined,
    );

  const columns: TableColumnsType<ProviderRow> = [
    { title: t('deliveryProviders.name'), dataIndex: 'name', width: 180 },
    {
      title: t('deliveryProviders.kind'),
      dataIndex: 'kind',
      width: 130,
      render: (k: string) => <Tag color={KIND_COLOR[k]}>{t(`deliveryProviders.kinds.${k}`)}</Tag>,
    },
    { title: t('deliveryProviders.priority'), dataIndex: 'priority', width: 90 },
    { title: t('deliveryProviders.weight'), dataIndex: 'weight', width: 80 },
    {
      title: t('deliveryProviders.settings'),
      key: 'settings',
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{summary(r)}</Typography.Text>
          {r.receiptPath && (
            <Typography.Text
              type="secondary"
              copyable={{ text: `${window.location.origin}${r.receiptPath}` }}
            >
              {t(r.kind === 'smtp' ? 'deliveryProviders.bounceUrl' : 'deliveryProviders.receiptUrl')}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('deliveryProviders.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (v: boolean, r) =>
        canToggle ? (
          <Switch size="small" checked={v} onChange={(on) => void toggle(r, on)} />
        ) : (
          <Tag color={v ? 'green' : 'default'}>{t(v ? 'deliveryProviders.on' : 'deliveryProviders.off')}</Tag>
        ),
    },
    {
      title: t('deliveryProviders.updatedAt'),
      dataIndex: 'updatedAt',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('deliveryProviders.actions'),
      key: 'actions',
      width: 200,
      render: (_, r) => (
        <Space size={4}>
          <Can code={`${menu}:btn_test`}>
            <Button type="link" size="small" onClick={() => setTesting(r)}>
              {t('deliveryProviders.test.button')}
            </Button>
          </Can>
          <RowActions
            edit={{ code: `${menu}:btn_edit`, onClick: () => setEditing(r) }}
            remove={{
              code: `${menu}:btn_del`,
              confirm: t('deliveryProviders.confirmDelete', { name: r.name }),
              onConfirm: () => remove(r),
            }}
          />
        </Space>
      ),
    },
  ];

  const rows = data?.rows ?? [];
  return (
    <Card>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('deliveryProviders.orderHint')}
        description={rows.length ? undefined : t(`deliveryProviders.sandboxHint.${channel}`)}
      />
      <Space style={{ marginBottom: 16 }}>
        <Can code={`${menu}:btn_add`}>
          <Button type="primary" onClick={() => setEditing(null)}>
            {t('deliveryProviders.addTitle')}
          </Button>
        </Can>
      </Space>
      <Table<ProviderRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1100 }}
      />
      <ProviderFormDialog channel={channel} row={editing} onClose={() => setEditing(undefined)} />
      <TestSendDialog channel={channel} row={testing} onClose={() => setTesting(null)} />
    </Card>
  );
}
