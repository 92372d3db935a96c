import type { OpenApiRow } from '@fpy/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Input, Table, type TableProps, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { apisQuery } from './call-stats-api.ts';

/** Spec §2.12 /authManager/apiManager (接口管理): every open API with its group, state and its calls. */
export default function ApisPage() {
  const { t } = useTranslation();
  const { data, isFetching } = useQuery(apisQuery);
  const [q, setQ] = useState('');
  const rows = useMemo(
    () =>
      (data?.rows ?? []).filter(
        (r) =>
          !q || `${r.operation} ${r.name} ${r.path} ${r.groupName}`.toLowerCase().includes(q.toLowerCase()),
      ),
    [data, q],
  );
  const groups = [...new Set((data?.rows ?? []).map((r) => r.groupName))];
  const columns: TableProps<OpenApiRow>['columns'] = [
    {
      title: t('callStats.operation'),
      dataIndex: 'operation',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { title: t('callStats.apiName'), dataIndex: 'name' },
    {
      title: t('callStats.groupCol'),
      dataIndex: 'groupName',
      filters: groups.map((g) => ({ text: g, value: g })),
      onFilter: (v, r) => r.groupName === v,
    },
    { title: t('callStats.path'), dataIndex: 'path', render: (v: string, r) => `${r.method} ${v}` },
    { title: 'ISV', dataIndex: 'isv', render: (v: boolean) => (v ? <Tag color="blue">ISV</Tag> : '—') },
    {
      title: t('callStats.state'),
      dataIndex: 'state',
      render: (v: string) => (
        <Tag color={v === 'enabled' ? 'green' : 'default'}>
          {t(`callStats.states.${v}`, { defaultValue: v })}
        </Tag>
      ),
    },
    {
      title: t('callStats.todayCalls'),
      key: 'today',
      align: 'right',
      sorter: (a, b) => a.today.calls - b.today.calls,
      render: (_: unknown, r) => `${r.today.calls} / ${r.today.errors}`,
    },
    {
      title: t('callStats.weekCalls'),
      key: 'week',
      align: 'right',
      defaultSortOrder: 'descend',
      sorter: (a, b) => a.week.calls - b.week.calls,
      render: (_: unknown, r) => `${r.week.calls} / ${r.week.errors}`,
    },
    { title: t('callStats.p95Ms'), key: 'p95', align: 'right', render: (_: unknown, r) => r.week.p95Ms },
    {
      title: t('callStats.lastCall'),
      dataIndex: 'lastCallAt',
      render: (v: string | null) => (v ? formatDateTime(v) : '—'),
    },
  ];
  return (
    <Card
      title={t('callStats.apisTitle', { count: data?.rows.length ?? 0 })}
      extra={
        <Input.Search
          allowClear
          placeholder={t('callStats.apisSearch')}
          onSearch={setQ}
          style={{ width: 260 }}
        />
      }
    >
      <Table<OpenApiRow>
        rowKey="operation"
        size="small"
        loading={isFetching && !data}
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 50 }}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
