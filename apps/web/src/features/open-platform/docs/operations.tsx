import type { DocGroupReply, DocOperation } from '@fpy/contracts';
import { Card, Descriptions, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from './code-block.tsx';
import { usePick } from './lang.ts';

const METHOD_COLOR: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  PATCH: 'gold',
  DELETE: 'red',
};

/** The product line's settings: base path, headers, signing window, body limit, where the full document is. */
export function GroupSettings({ doc }: { doc: DocGroupReply }) {
  const { t } = useTranslation();
  const pick = usePick();
  return (
    <Card title={pick(doc.name)} size="small">
      <Typography.Paragraph type="secondary">{pick(doc.description)}</Typography.Paragraph>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label={t('openDocs.prefix')}>
          <Typography.Text code>{doc.prefix}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('openDocs.document')}>
          <Space>
            <Typography.Link href={doc.document} target="_blank">
              {doc.document}
            </Typography.Link>
            <Typography.Link href={doc.viewer} target="_blank">
              {t('openDocs.viewer')}
            </Typography.Link>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('openDocs.authHeaders')}>
          <Space wrap>
            {['appKey', 'timestamp', 'nonce', 'signature'].map((k) => (
              <Typography.Text key={k} code>
                {doc.headers[k]}
              </Typography.Text>
            ))}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('openDocs.enterpriseHeaders')}>
          <Space wrap>
            <Typography.Text code>{doc.headers.tenantTaxNo}</Typography.Text>
            <Typography.Text code>{doc.headers.enterpriseId}</Typography.Text>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('openDocs.skew')}>
          {t('openDocs.seconds', { n: doc.maxSkewSeconds })}
        </Descriptions.Item>
        <Descriptions.Item label={t('openDocs.bodyLimit')}>
          {Math.round(doc.bodyLimit / 1024)} KB
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The operations, each expandable to its parameter, body and reply schemas. */
export function OperationsTable({ doc }: { doc: DocGroupReply }) {
  const { t } = useTranslation();
  const pick = usePick();
  const columns: TableProps<DocOperation>['columns'] = [
    {
      title: t('openDocs.method'),
      dataIndex: 'method',
      width: 90,
      render: (v: string) => <Tag color={METHOD_COLOR[v]}>{v}</Tag>,
    },
    {
      title: t('openDocs.path'),
      dataIndex: 'path',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      title: t('openDocs.operation'),
      dataIndex: 'operation',
      render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
    },
    { title: t('openDocs.summary'), dataIndex: 'summary', render: (v: DocOperation['summary']) => pick(v) },
    {
      title: t('openDocs.isv'),
      dataIndex: 'isv',
      width: 90,
      render: (v: boolean) => (v ? <Tag color="purple">ISV</Tag> : <Tag>{t('openDocs.ownOnly')}</Tag>),
    },
    {
      title: t('openDocs.idempotency'),
      dataIndex: 'idempotencyKey',
      render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : '—'),
    },
  ];
  return (
    <Card title={t('openDocs.operations', { count: doc.operations.length })} size="small">
      <Table<DocOperation>
        rowKey="operation"
        size="small"
        columns={columns}
        dataSource={doc.operations}
        pagination={false}
        data-testid="doc-operations"
        expandable={{
          expandedRowRender: (op) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text type="secondary">
                {t('openDocs.consoleTwin', { path: op.consolePath, codes: op.permission.join(', ') || '—' })}
              </Typography.Text>
              {(['params', 'query', 'body', 'reply'] as const).map((part) =>
                op[part] ? (
                  <div key={part}>
                    <Typography.Text strong>{t(`openDocs.part.${part}`)}</Typography.Text>
                    <CodeBlock value={op[part]} maxHeight={260} />
                  </div>
                ) : null,
              )}
            </Space>
          ),
        }}
      />
    </Card>
  );
}
