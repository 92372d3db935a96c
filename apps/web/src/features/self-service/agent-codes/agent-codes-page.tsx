import { agentPagePath, listAgentTenantOptions } from '@fpy/contracts';
import { agentCodesMeta } from '@fpy/resources';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, QRCode, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldControlProps, FieldOverride } from '../../../crud/field-override.ts';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import type { CellOverride } from '../../../crud/resource-table.tsx';
import { call } from '../../../lib/http.ts';

/** The served companies: searched on the server as the user types; the value is "3,7". */
function TenantsPicker({ id, value, onChange, row }: FieldControlProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: ['agentCodes', 'tenant-options', search],
    queryFn: ({ signal }) =>
      call(listAgentTenantOptions, { query: search ? { keyword: search } : {}, signal, silent: true }),
  });
  const ids = typeof value === 'string' && value ? value.split(',').map(Number) : [];
  const options = (found.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  // The code being edited shows its companies even when the first 50 found do not hold them (same id order).
  const savedIds =
    typeof row?.tenantIds === 'string' && row.tenantIds ? row.tenantIds.split(',').map(Number) : [];
  const savedNames = typeof row?.tenantNames === 'string' ? row.tenantNames.split('、') : [];
  savedIds.forEach((sid, i) => {
    if (!options.some((o) => o.value === sid))
      options.push({ value: sid, label: savedNames[i] ?? `#${sid}` });
  });
  return (
    <Select
      id={id}
      mode="multiple"
      value={ids}
      onChange={(v: number[]) => onChange?.(v.length ? v.join(',') : undefined)}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={found.isFetching}
      options={options}
      placeholder={t('agentCodes.tenantsHint')}
    />
  );
}

/** A new code is on: the switch shows the server's default until the user turns it. */
function EnabledSwitch({ id, checked, onChange }: FieldControlProps) {
  return <Switch id={id} checked={checked === undefined ? true : checked} onChange={(v) => onChange?.(v)} />;
}

const fields: Record<string, FieldOverride> = {
  tenantIds: { input: TenantsPicker },
  enabled: { input: EnabledSwitch },
};

/** The address the code's QR carries: this console's origin (it serves the phone pages too) + the page. */
export const agentLink = (code: string) => `${location.origin}${agentPagePath(code)}`;

/** The entry code with a button showing its QR code and link (to print, copy or open). */
function CodeCell({ code, name, id }: { code: string; name: string; id: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const link = agentLink(code);
  return (
    <Space size={4}>
      <Typography.Text style={{ fontFamily: 'monospace', fontSize: 12, whiteSpace: 'nowrap' }}>
        {code}
      </Typography.Text>
      <Button size="small" type="link" data-testid={`agent-qr-${id}`} onClick={() => setOpen(true)}>
        {t('agentCodes.qr')}
      </Button>
      <Modal
        open={open}
        title={t('agentCodes.qrTitle', { name })}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>{t('agentCodes.close')}</Button>}
        destroyOnHidden
      >
        <Space direction="vertical" align="center" style={{ width: '100%' }}>
          <QRCode value={link} size={200} />
          <Typography.Text type="secondary">{t('agentCodes.qrHint')}</Typography.Text>
          <Typography.Text
            copyable={{ text: link }}
            data-testid="agent-link"
            style={{ wordBreak: 'break-all' }}
          >
            {link}
          </Typography.Text>
          <Typography.Link href={link} target="_blank" rel="noreferrer">
            {t('agentCodes.openLink')}
          </Typography.Link>
        </Space>
      </Modal>
    </Space>
  );
}

const cells: Record<string, CellOverride> = {
  code: (value, row) => <CodeCell code={String(value)} name={String(row.name ?? '')} id={row.id as number} />,
};

/** 代理商入口管理 (/baseManager/agentCodeManage, platform only): the agent codes of /allEleAgentTenant. */
export default function AgentCodesPage() {
  return <ResourcePage meta={agentCodesMeta} fields={fields} cells={cells} />;
}
