import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, relativeTime } from '../../../lib/format.ts';
import type { SelfReply } from './self-api.ts';

export function RecentLogins({ logins }: { logins: SelfReply['recentLogins'] }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey={(row) => `${row.time}-${row.ip}`}
      dataSource={logins}
      pagination={false}
      columns={[
        {
          title: t('profile.logins.time'),
          dataIndex: 'time',
          width: 220,
          render: (v: string) => <span title={relativeTime(v)}>{formatDateTime(v)}</span>,
        },
        { title: t('profile.logins.ip'), dataIndex: 'ip', width: 160 },
        { title: t('profile.logins.userAgent'), dataIndex: 'userAgent', ellipsis: true },
      ]}
    />
  );
}
