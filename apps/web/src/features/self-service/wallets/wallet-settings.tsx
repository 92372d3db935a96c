import { initialSettings, WALLET_SETTINGS, type WalletAccountRow, type WalletPlatform } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Space,
  Switch,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { AppModal } from '../../../lib/modal.tsx';
import { Can } from '../../../lib/permission.tsx';
import { SettingsFields } from '../../../lib/settings-fields.tsx';
import { accountsQuery, deleteAccount, refresh, saveAccount } from './wallet-api.ts';

const MENU = { wechat: 'wxSet', alipay: 'zfbSet' } as const;

interface Values {
  name: string;
  priority: number;
  weight: number;
  enabled: boolean;
  remark?: string | null;
  config: Record<string, unknown>;
}

/**
 * Spec §2.12 /systemSetupManager/wxSet (微信卡包设置) and zfbSet (支付宝卡包设置): the company's accounts of the
 * platform, tried in priority order (failover); each account's form is drawn from the platform's settings schema
 * (contracts self-service/wallets.ts, lib/settings-fields.tsx). Secrets come back masked; the notify address is
 * what the platform's console needs. No account: the embedded sandbox serves.
 */
export function WalletSettings({ platform }: { platform: WalletPlatform }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data, isFetching } = useQuery(accountsQuery(platform));
  const [editing, setEditing] = useState<WalletAccountRow | null | undefined>(undefined);
  const menu = MENU[platform];

  const remove = async (id: number) => {
    try {
      await deleteAccount(platform, id);
      toast.success(t('wallets.deleted'));
      await refresh(qc, platform);
    } catch {
      // Shown by the shared client.
    }
  };

  const columns: TableProps<WalletAccountRow>['columns'] = [
    { title: t('wallets.field.name'), dataIndex: 'name' },
    {
      title: t('wallets.field.appId'),
      key: 'appId',
      render: (_: unknown, r) => String(r.config.appId ?? ''),
    },
    { title: t('wallets.field.priority'), dataIndex: 'priority' },
    { title: t('wallets.field.weight'), dataIndex: 'weight' },
    {
      title: t('wallets.field.channel'),
      key: 'channel',
      render: (_: unknown, r) =>
        r.config.sandbox ? (
          <Tag color="gold">{t('wallets.sandbox')}</Tag>
        ) : (
          <Tag color="blue">{t('wallets.live')}</Tag>
        ),
    },
    {
      title: t('wallets.field.enabled'),
      dataIndex: 'enabled',
      render: (v: boolean) =>
        v ? <Tag color="success">{t('wallets.on')}</Tag> : <Tag>{t('wallets.off')}</Tag>,
    },
    {
      title: t('wallets.field.notifyPath'),
      dataIndex: 'notifyPath',
      render: (v: string) => (
        <Typography.Text copyable={{ text: `${window.location.origin}${v}` }} style={{ fontSize: 12 }}>
          {v}
        </Typography.Text>
      ),
    },
    { title: t('wallets.field.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) },
    {
      title: t('wallets.actions'),
      key: 'actions',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Can code={`${menu}:btn_edit`}>
            <Button
              type="link"
              size="small"
              onClick={() => setEditing(r)}
              data-testid={`wallet-edit-${r.id}`}
            >
              {t('wallets.edit')}
            </Button>
          </Can>
          <Can code={`${menu}:btn_del`}>
            <Popconfirm title={t('wallets.deleteConfirm', { name: r.name })} onConfirm={() => remove(r.id)}>
              <Button type="link" size="small" danger>
                {t('wallets.delete')}
              </Button>
            </Popconfirm>
          </Can>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t(`wallets.settingsTitle.${platform}`)}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('wallets.settingsHint')} />
      <Space style={{ marginBottom: 12 }}>
        <Can code={`${menu}:btn_add`}>
          <Button type="primary" onClick={() => setEditing(null)} data-testid="wallet-add">
            {t('wallets.add')}
          </Button>
        </Can>
      </Space>
      <Table<WalletAccountRow>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        pagination={false}
        locale={{ emptyText: t('wallets.noAccounts') }}
      />
      <AccountDialog platform={platform} row={editing} onClose={() => setEditing(undefined)} />
    </Card>
  );
}

function AccountDialog({
  platform,
  row,
  onClose,
}: {
  platform: WalletPlatform;
  row: WalletAccountRow | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const open = row !== undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      name: row?.name ?? '',
      priority: row?.priority ?? 10,
      weight: row?.weight ?? 1,
      enabled: row?.enabled ?? true,
      remark: row?.remark ?? '',
      config: row ? { ...row.config } : initialSettings(WALLET_SETTINGS[platform]),
    });
  }, [open, row, form, platform]);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await saveAccount(platform, row?.id ?? null, {
        name: v.name,
        priority: v.priority,
        weight: v.weight,
        enabled: v.enabled,
        remark: v.remark || null,
        config: v.config ?? {},
      });
      toast.success(t('wallets.saved'));
      await refresh(qc, platform);
      onClose();
    } catch {
      // Shown by the shared client (the server names the field).
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal
      open={open}
      width={680}
      title={t(row ? 'wallets.editTitle' : 'wallets.addTitle')}
      okText={t('wallets.save')}
      cancelText={t('wallets.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name={`wallet-account-${platform}`} onFinish={submit}>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="name"
              label={t('wallets.field.name')}
              rules={[{ required: true, whitespace: true, message: t('wallets.nameRequired') }]}
            >
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="priority" label={t('wallets.field.priority')}>
              <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="weight" label={t('wallets.field.weight')}>
              <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="enabled" label={t('wallets.field.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <SettingsFields fields={WALLET_SETTINGS[platform]} at={['config']} editing={!!row} />
        <Form.Item name="remark" label={t('wallets.field.remark')}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
