import { openInterfacesMeta } from '@fpy/resources';
import { Typography } from 'antd';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import type { CellOverride } from '../../../crud/resource-table.tsx';

const mono = (v: unknown) => (
  <Typography.Text style={{ fontFamily: 'monospace', fontSize: 12 }}>{String(v ?? '')}</Typography.Text>
);
const cells: Record<string, CellOverride> = { operation: mono, path: mono };

/** 平台接口 (/openPlatformManager/platformInterface, platform only): the registry of open APIs by group. */
export default function PlatformInterfacePage() {
  return <ResourcePage meta={openInterfacesMeta} cells={cells} />;
}
