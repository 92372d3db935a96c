import type { OpenGroup } from '@fpy/contracts';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, Space } from 'antd';
import { GroupSettings, OperationsTable } from './operations.tsx';
import { TryPanel } from './try-panel.tsx';
import { groupQuery } from './docs-api.ts';

/** One product line's page: its settings, its open APIs (from the contracts), the try-it console. */
export function GroupDocs({ group, withTry = true }: { group: OpenGroup; withTry?: boolean }) {
  const { data } = useQuery(groupQuery(group));
  if (!data) return <Skeleton active />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <GroupSettings doc={data} />
      <OperationsTable doc={data} />
      {withTry && data.operations.length > 0 && <TryPanel doc={data} />}
    </Space>
  );
}

export const OutputInvoice = () => <GroupDocs group="output-invoice" />;
export const InputInvoice = () => <GroupDocs group="input-invoice" />;
export const ElectronicInvoice = () => <GroupDocs group="electronic-invoice" />;
export const DeviceCenter = () => <GroupDocs group="device-center" />;
export const UserCenter = () => <GroupDocs group="user-center" />;
