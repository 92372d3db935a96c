import { openDeviceBindingsMeta } from '@fpy/resources';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import type { CellOverride } from '../../../crud/resource-table.tsx';
import { AnyAppPicker, TenantPicker } from './pickers.tsx';

const fields = { appId: { input: AnyAppPicker }, tenantId: { input: TenantPicker } };

function State({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={value === 'bound' ? 'green' : 'default'}>
      {t(`resource.openDeviceBindings.options.state.${value}`)}
    </Tag>
  );
}

const cells: Record<string, CellOverride> = { state: (v) => <State value={String(v)} /> };

/**
 * 设备绑定 (/authManager/deviceBinding, platform only): devices bound to a company and the app or OAuth client
 * that drives them; 解绑 keeps the row as history.
 */
export default function DeviceBindingsPage() {
  return <ResourcePage meta={openDeviceBindingsMeta} fields={fields} cells={cells} />;
}
