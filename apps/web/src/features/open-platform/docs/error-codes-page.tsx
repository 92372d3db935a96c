import { useQuery } from '@tanstack/react-query';
import { Card, Input, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsQuery } from './docs-api.ts';

interface Row {
  code: string;
  status: number;
  message: { zh: string; en: string };
  remedy: { zh: string; en: string };
}

/** /authManager/errorCode (错误码): every code the open API answers with, its messages and what to do. */
export default function ErrorCodesPage() {
  const { t } = useTranslation();
  const { data, isFetching } = useQuery(errorsQuery);
  const [q, setQ] = useState('');
  const rows = (data?.rows ?? []).filter((r) =>
    !q
      ? true
      : [r.code, r.message.zh, r.message.en, String(r.status)].some((s) =>
          s.toLowerCase().includes(q.toLowerCase()),
        ),
  );
  const columns: TableProps<Row>['columns'] = [
    {
      title: t('openDocs.errors.code'),
      dataIndex: 'code',
      render: (v: string) => (
        <Typography.Text code copyable>
          {v}
        </Typography.Text>
      ),
    },
    {
      title: t('openDocs.errors.status'),
      dataIndex: 'status',
      width: 90,
      render: (v: number) => <Tag color={v < 300 ? 'green' : v < 500 ? 'orange' : 'red'}>{v}</Tag>,
    },
    { title: t('openDocs.errors.zh'), dataIndex: ['message', 'zh'] },
    { title: t('openDocs.errors.en'), dataIndex: ['message', 'en'] },
    {
      title: t('openDocs.errors.remedy'),
      key: 'remedy',
      render: (_: unknown, r) => (
        <>
          <div>{r.remedy.zh}</div>
          <Typography.Text type="secondary">{r.remedy.en}</Typography.Text>
        </>
      ),
    },
  ];
  return (
    <Card>
      <Input.Search
        allowClear
        placeholder={t('openDocs.errors.search')}
        style={{ width: 320, marginBottom: 12 }}
        onChange={(e) => setQ(e.target.value)}
      />
      <Table<Row>
        rowKey="code"
        size="small"
        loading={isFetching && !data}
        columns={columns}
        dataSource={rows}
        pagination={false}
        data-testid="error-codes"
      />
    </Card>
  );
}
