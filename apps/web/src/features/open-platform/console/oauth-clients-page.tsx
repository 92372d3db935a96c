import { CONSOLE_CLIENT_ID, createOauthClient, resetOauthClientSecret } from '@fpy/contracts';
import { GRANT_OPTIONS, oauthClientsMeta } from '@fpy/resources';
import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import type { CellOverride } from '../../../crud/resource-table.tsx';
import { call } from '../../../lib/http.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { Can } from '../../../lib/permission.tsx';
import type { FieldControlProps } from '../../../crud/field-override.ts';
import { CommaTags } from './pickers.tsx';
import { type SecretOnce, SecretModal } from './secret-modal.tsx';

const tags = (v: unknown, label?: (x: string) => string) => (
  <Space size={2} wrap>
    {String(v ?? '')
      .split(',')
      .filter(Boolean)
      .map((x) => (
        <Tag key={x}>{label ? label(x) : x}</Tag>
      ))}
  </Space>
);

function GrantTypes(p: FieldControlProps) {
  const lang = useLanguage();
  return <CommaTags {...p} options={GRANT_OPTIONS.map((o) => ({ value: o.value, label: o[lang] }))} />;
}

const fields = {
  grantTypes: { input: GrantTypes },
  scopes: { input: CommaTags },
  redirectUris: { input: CommaTags },
};

/**
 * OAuth客户端管理 (/authManager/oauthClientDetailsManager, platform only): client id, grant types, scopes,
 * redirect URIs, token validity; the secret shown once on create and on reset.
 */
export default function OauthClientsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [secret, setSecret] = useState<SecretOnce | null>(null);
  const grantLabel = (g: string) => GRANT_OPTIONS.find((o) => o.value === g)?.[lang] ?? g;
  const cells: Record<string, CellOverride> = {
    clientId: (v, row) => (
      <Space size={4}>
        <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
          {String(v)}
        </Typography.Text>
        {/* The console's own client keeps its built-in secret (the server refuses a reset). */}
        {v !== CONSOLE_CLIENT_ID && (
          <Can code="oauthClientDetailsManager:btn_resetSecret">
            <Popconfirm
              title={t('openConsole.resetConfirm')}
              onConfirm={async () => {
                try {
                  setSecret(await call(resetOauthClientSecret, { params: { id: row.id } }));
                } catch {
                  // Shown by the shared client.
                }
              }}
            >
              <Button type="link" size="small" danger>
                {t('openConsole.resetSecret')}
              </Button>
            </Popconfirm>
          </Can>
        )}
      </Space>
    ),
    grantTypes: (v) => tags(v, grantLabel),
    scopes: (v) => tags(v),
    redirectUris: (v) => tags(v),
  };
  return (
    <>
      <ResourcePage
        meta={oauthClientsMeta}
        fields={fields}
        cells={cells}
        create={{
          code: 'oauthClientDetailsManager:btn_add',
          submit: (body) => call(createOauthClient, { body: body as never }),
          onCreated: (r) => setSecret(r as SecretOnce),
        }}
      />
      <SecretModal value={secret} onClose={() => setSecret(null)} />
    </>
  );
}
