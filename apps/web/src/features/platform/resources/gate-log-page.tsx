import { gateLogsMeta } from '@fpy/resources';
import { Tag, Typography } from 'antd';
import { ResourcePage } from '../../../crud/resource-page.tsx';

const STATUS_COLOR: Record<string, string> = { '2': 'green', '3': 'blue', '4': 'orange', '5': 'red' };
const METHOD_COLOR: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'gold',
  DELETE: 'red',
  PATCH: 'purple',
};

/** Gate log: the status class and method read at a glance; paths stay copyable. */
export default function GateLogPage() {
  return (
    <ResourcePage
      meta={gateLogsMeta}
      cells={{
        status: (v) => <Tag color={STATUS_COLOR[String(v)[0]] ?? 'default'}>{String(v)}</Tag>,
        method: (v) => <Tag color={METHOD_COLOR[String(v)] ?? 'default'}>{String(v)}</Tag>,
        path: (v) => <Typography.Text copyable={{ text: String(v) }}>{String(v)}</Typography.Text>,
      }}
    />
  );
}
