import {
  type BatchRowIssue,
  type InvoiceBatchDetail,
  invoiceBatchResult,
  issueInvoiceBatch,
} from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Progress, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call, download } from '../../../lib/http.ts';
import { Can } from '../../../lib/permission.tsx';
import { BATCH_KEY, batchQuery } from './queries.ts';

type Failure = InvoiceBatchDetail['failures'][number];

export const downloadResult = (b: { id: number; fileName: string }) =>
  download(invoiceBatchResult, { params: { id: b.id } }).catch(() => undefined);

/** One batch: the validation report, the issue button, then the progress (polled every second) and failures. */
export function BatchPanel({ id }: { id: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data: b } = useQuery(batchQuery(id));
  const [starting, setStarting] = useState(false);
  if (!b) return null;

  const start = async () => {
    setStarting(true);
    try {
      qc.setQueryData(batchQuery(id).queryKey, await call(issueInvoiceBatch, { params: { id } }));
      toast.success(t('invoiceBatch.issued'));
      await qc.invalidateQueries({ queryKey: [BATCH_KEY, 'list'] });
    } catch {
      // Shown by the shared client.
    } finally {
      setStarting(false);
    }
  };

  const p = b.progress;
  const issueColumns = [
    { title: t('invoiceBatch.col.rowNumber'), dataIndex: 'rowNumber', width: 80 },
    {
      title: t('invoiceBatch.col.column'),
      dataIndex: 'column',
      width: 140,
      render: (v: string | null) => v ?? '',
    },
    { title: t('invoiceBatch.col.message'), dataIndex: 'message' },
  ];
  const failureColumns = [
    { title: t('invoiceBatch.col.documentNo'), dataIndex: 'documentNo', width: 140 },
    {
      title: t('invoiceBatch.col.rows'),
      dataIndex: 'rowNumbers',
      width: 140,
      render: (v: number[]) => v.join('、'),
    },
    { title: t('invoiceBatch.col.reason'), dataIndex: 'reason' },
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }} data-testid="batch-panel">
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label={t('invoiceBatch.col.fileName')}>{b.fileName}</Descriptions.Item>
        <Descriptions.Item label={t('invoiceBatch.col.status')}>
          {t(`invoiceBatch.status.${b.status}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('invoiceBatch.col.createdBy')}>{b.createdByName}</Descriptions.Item>
      </Descriptions>
      <Alert
        showIcon
        type={b.invoiceCount === 0 ? 'error' : b.invalidRows ? 'warning' : 'success'}
        title={t('invoiceBatch.summary', {
          total: b.totalRows,
          valid: b.validRows,
          invoices: b.invoiceCount,
          invalid: b.invalidRows,
          invalidInvoices: b.invalidInvoiceCount,
        })}
        description={b.invoiceCount === 0 ? t('invoiceBatch.allInvalid') : undefined}
      />
      {b.warnings.map((w) => (
        <Alert key={w} type="warning" showIcon title={w} />
      ))}
      <Space wrap>
        {b.status === 'validated' && b.invoiceCount > 0 && (
          <Can code="batchInvoice:btn_issue">
            <Button type="primary" loading={starting} onClick={start}>
              {t('invoiceBatch.issue', { count: b.invoiceCount })}
            </Button>
          </Can>
        )}
        <Button onClick={() => void downloadResult(b)}>{t('invoiceBatch.downloadResult')}</Button>
      </Space>
      {b.status !== 'validated' && (
        <div data-testid="batch-progress">
          <Typography.Text strong>{t('invoiceBatch.progress')}</Typography.Text>
          <Progress
            percent={p.percent}
            status={b.status === 'done' ? (p.failed ? 'exception' : 'success') : 'active'}
          />
          <Typography.Text type="secondary">
            {t('invoiceBatch.counts', p)}
            {p.pendingReview ? ` · ${t('invoiceBatch.pendingReview', { count: p.pendingReview })}` : ''}
            {b.status === 'done' ? ` · ${t('invoiceBatch.doneAll')}` : ''}
          </Typography.Text>
        </div>
      )}
      {b.failures.length > 0 && (
        <Table<Failure>
          size="small"
          rowKey="groupNo"
          title={() => t('invoiceBatch.failures')}
          columns={failureColumns}
          dataSource={b.failures}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
        />
      )}
      {b.issues.length > 0 && (
        <Table<BatchRowIssue>
          size="small"
          data-testid="batch-issues"
          rowKey={(r) => `${r.rowNumber}-${r.column}-${r.message}`}
          title={() => t('invoiceBatch.issues')}
          columns={issueColumns}
          dataSource={b.issues}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
        />
      )}
    </Space>
  );
}
