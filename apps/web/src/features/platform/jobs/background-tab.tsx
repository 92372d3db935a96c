import type { FailedQueueJob } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Can } from '../../../lib/permission.tsx';
import { queuesQuery, refreshBackground, removeJob, retryJob } from './background-api.ts';

type Counts = {
  name: string;
  waiting: number;
  running: number;
  delayed: number;
  done: number;
  failed: number;
};

/** 任务管理 → 后台任务: the job queue's counts per name and state, failed jobs with their error, retry and remove. */
export function BackgroundTab() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data, isFetching } = useQuery(queuesQuery);
  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      toast.success(t(done));
    } catch {
      // Shown by the shared client.
    }
    await refreshBackground(qc);
  };
  const n = (v: number, colour: string) => (v ? <Tag color={colour}>{v}</Tag> : <span>0</span>);
  const counts: TableProps<Counts>['columns'] = [
    {
      title: t('jobs.background.queue'),
      dataIndex: 'name',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      title: t('jobs.background.waiting'),
      dataIndex: 'waiting',
      align: 'right',
      render: (v) => n(v, 'blue'),
    },
    {
      title: t('jobs.background.delayed'),
      dataIndex: 'delayed',
      align: 'right',
      render: (v) => n(v, 'gold'),
    },
    {
      title: t('jobs.background.running'),
      dataIndex: 'running',
      align: 'right',
      render: (v) => n(v, 'processing'),
    },
    { title: t('jobs.background.done'), dataIndex: 'done', align: 'right' },
    { title: t('jobs.background.failed'), dataIndex: 'failed', align: 'right', render: (v) => n(v, 'red') },
  ];
  const failed: TableProps<FailedQueueJob>['columns'] = [
    {
      title: t('jobs.background.jobId'),
      dataIndex: 'id',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { title: t('jobs.background.attempts'), dataIndex: 'attemptsMade', align: 'right' },
    {
      title: t('jobs.background.error'),
      dataIndex: 'lastError',
      render: (v: string | null) => (
        <Typography.Text type="danger" ellipsis={{ tooltip: v }} style={{ maxWidth: 320 }}>
          {v ?? '—'}
        </Typography.Text>
      ),
    },
    {
      title: t('jobs.background.payload'),
      dataIndex: 'payload',
      render: (v: string) => (
        <Typography.Text type="secondary" ellipsis={{ tooltip: v }} style={{ maxWidth: 220 }}>
          {v}
        </Typography.Text>
      ),
    },
    {
      title: t('jobs.background.failedAt'),
      dataIndex: 'failedAt',
      render: (v: string | null) => (v ? formatDateTime(v) : '—'),
    },
    {
      title: t('jobs.actions'),
      key: 'actions',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Can code="jobManager:btn_retry">
            <Button
              type="link"
              size="small"
              onClick={() => act(() => retryJob(r.id), 'jobs.background.retried')}
              data-testid={`retry-${r.id}`}
            >
              {t('jobs.background.retry')}
            </Button>
          </Can>
          <Can code="jobManager:btn_remove">
            <Popconfirm
              title={t('jobs.background.confirmRemove')}
              onConfirm={() => act(() => removeJob(r.id), 'jobs.background.removed')}
            >
              <Button type="link" size="small" danger data-testid={`remove-${r.id}`}>
                {t('jobs.background.remove')}
              </Button>
            </Popconfirm>
          </Can>
        </Space>
      ),
    },
  ];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        size="small"
        title={t('jobs.background.countsTitle', {
          backend: data ? t(`jobs.background.backend.${data.backend}`) : '',
        })}
      >
        <Table<Counts>
          rowKey="name"
          size="small"
          columns={counts}
          dataSource={data?.queues ?? []}
          loading={isFetching && !data}
          pagination={false}
        />
      </Card>
      <Card size="small" title={t('jobs.background.failedTitle')}>
        <Table<FailedQueueJob>
          rowKey="id"
          size="small"
          columns={failed}
          dataSource={data?.failed ?? []}
          pagination={false}
          data-testid="failed-jobs"
        />
      </Card>
    </Space>
  );
}
