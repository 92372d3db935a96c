import {
  createOpenApp,
  getOpenAppGroups,
  OPEN_GROUP_TEXTS,
  OPEN_GROUPS,
  resetOpenAppSecret,
  setOpenAppGroups,
} from '@fpy/contracts';
import { openAppsMeta, openDevelopersMeta } from '@fpy/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Modal, Popconfirm, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldOverride } from '../../../crud/field-override.ts';
import { resourceKeys } from '../../../crud/query-keys.ts';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import type { CellOverride } from '../../../crud/resource-table.tsx';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { Can } from '../../../lib/permission.tsx';
import { DeveloperPicker, TenantPicker } from './pickers.tsx';
import { type SecretOnce, SecretModal } from './secret-modal.tsx';

/** 重置密钥: asks first (the old secret stops working), then shows the new one once. */
function ResetSecret({ id, onSecret }: { id: number; onSecret: (s: SecretOnce) => void }) {
  const { t } = useTranslation();
  return (
    <Can code="developerRightsManager:btn_resetSecret">
      <Popconfirm
        title={t('openConsole.resetConfirm')}
        onConfirm={async () => {
          try {
            onSecret(await call(resetOpenAppSecret, { params: { id } }));
          } catch {
            // Shown by the shared client.
          }
        }}
      >
        <Button type="link" size="small" danger data-testid={`reset-secret-${id}`}>
          {t('openConsole.resetSecret')}
        </Button>
      </Popconfirm>
    </Can>
  );
}

/** 授权分组: the interface groups the app may call, replaced as a whole. */
function GrantGroups({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const current = useQuery({
    queryKey: ['openConsole', 'app-groups', id],
    queryFn: ({ signal }) => call(getOpenAppGroups, { params: { id }, signal }),
    enabled: open,
  });
  const value = picked ?? current.data?.groups ?? [];
  const save = async () => {
    setSaving(true);
    try {
      await call(setOpenAppGroups, {
        params: { id },
        body: { groups: value as (typeof OPEN_GROUPS)[number][] },
      });
      toast.success(t('openConsole.grantSaved'));
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: resourceKeys('openApps').all });
      await queryClient.invalidateQueries({ queryKey: ['openConsole', 'app-groups', id] });
    } catch {
      // Shown by the shared client.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Can code="developerRightsManager:btn_grant">
      <Button
        type="link"
        size="small"
        data-testid={`grant-groups-${id}`}
        onClick={() => {
          setPicked(null);
          setOpen(true);
        }}
      >
        {t('openConsole.grantGroups')}
      </Button>
      <Modal
        open={open}
        title={t('openConsole.grantTitle', { name })}
        onCancel={() => setOpen(false)}
        onOk={() => void save()}
        confirmLoading={saving}
        maskClosable={false}
        keyboard={false}
        destroyOnHidden
      >
        <Checkbox.Group
          value={value}
          onChange={(v) => setPicked(v as string[])}
          options={OPEN_GROUPS.map((g) => ({ value: g, label: OPEN_GROUP_TEXTS[g][lang] }))}
        />
      </Modal>
    </Can>
  );
}

function AppsTab() {
  const [secret, setSecret] = useState<SecretOnce | null>(null);
  const lang = useLanguage();
  const fields: Record<string, FieldOverride> = { developerId: { input: DeveloperPicker } };
  const cells: Record<string, CellOverride> = {
    appKey: (v) => (
      <Typography.Text copyable style={{ fontFamily: 'monospace', fontSize: 12, whiteSpace: 'nowrap' }}>
        {String(v)}
      </Typography.Text>
    ),
    secretHint: (v, row) => (
      <Space size={4} style={{ whiteSpace: 'nowrap' }}>
        <Typography.Text type="secondary" style={{ fontFamily: 'monospace' }}>
          ****{String(v ?? '')}
        </Typography.Text>
        <ResetSecret id={row.id} onSecret={setSecret} />
      </Space>
    ),
    groups: (v, row) => (
      <Space size={2} wrap>
        {(Array.isArray(v) ? (v as (typeof OPEN_GROUPS)[number][]) : []).map((g) => (
          <Tag key={g}>{OPEN_GROUP_TEXTS[g]?.[lang] ?? g}</Tag>
        ))}
        <GrantGroups id={row.id} name={String(row.name ?? '')} />
      </Space>
    ),
  };
  return (
    <>
      <ResourcePage
        meta={openAppsMeta}
        hiddenFilters={['developerId']}
        fields={fields}
        cells={cells}
        create={{
          code: 'developerRightsManager:btn_add',
          submit: (body) => call(createOpenApp, { body: body as never }),
          onCreated: (r) => setSecret(r as SecretOnce),
        }}
      />
      <SecretModal value={secret} onClose={() => setSecret(null)} />
    </>
  );
}

/** 开发者权限管理 (/openPlatformManager/developerRightsManager, platform only): apps and their developers. */
export default function DeveloperRightsPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'apps', label: t('openConsole.tabApps'), children: <AppsTab /> },
        {
          key: 'developers',
          label: t('openConsole.tabDevelopers'),
          children: (
            <ResourcePage
              meta={openDevelopersMeta}
              fields={{ tenantId: { input: TenantPicker } }}
              invalidates={[resourceKeys('openApps').all]}
            />
          ),
        },
      ]}
    />
  );
}
