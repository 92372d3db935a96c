import { openAuthCodesMeta } from '@fpy/resources';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import type { CellOverride } from '../../../crud/resource-table.tsx';
import { AnyAppPicker, ExpiryPicker, TenantPicker } from './pickers.tsx';

const fields = {
  tenantId: { input: TenantPicker },
  appId: { input: AnyAppPicker },
  expiresAt: { input: ExpiryPicker },
};
const COLORS: Record<string, string> = {
  valid: 'green',
  exhausted: 'blue',
  expired: 'orange',
  disabled: 'default',
};

function Status({ value }: { value: string }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[value]}>{t(`resource.openAuthCodes.options.status.${value}`)}</Tag>;
}

const cells: Record<string, CellOverride> = {
  code: (v) => (
    <Typography.Text copyable style={{ fontFamily: 'monospace', fontSize: 12 }}>
      {String(v)}
    </Typography.Text>
  ),
  status: (v) => <Status value={String(v)} />,
};

/** 授权码管理 (/authManager/authCode, platform only): codes that activate a product line; made by the server. */
export default function AuthCodesPage() {
  return <ResourcePage meta={openAuthCodesMeta} hiddenFilters={['tenantId']} fields={fields} cells={cells} />;
}
