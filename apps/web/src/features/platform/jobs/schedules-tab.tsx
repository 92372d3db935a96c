import type { ScheduleRow } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Can } from '../../../lib/permission.tsx';
import { refreshBackground, schedulesQuery, setSchedulePaused } from './background-api.ts';

/** 任务管理 → 定时任务: the periodic tasks, their last run here, pause/resume (stored: every instance obeys). */
export function SchedulesTab() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data, isFetching } = useQuery(schedulesQuery);
  const toggle = async (r: ScheduleRow) => {
    try {
      await setSchedulePaused(r.name, !r.paused);
      toast.success(t(r.paused ? 'jobs.schedules.resumed' : 'jobs.schedules.paused'));
    } catch {
      // Shown by the shared client.
    }
    await refreshBackground(qc);
  };
  const columns: TableProps<ScheduleRow>['columns'] = [
    {
      title: t('jobs.schedules.name'),
      dataIndex: 'name',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      title: t('jobs.schedules.interval'),
      dataIndex: 'intervalSeconds',
      align: 'right',
      render: (v: number) => t('jobs.schedules.seconds', { n: v }),
    },
    {
      title: t('jobs.schedules.state'),
      dataIndex: 'paused',
      render: (v: boolean, r) =>
        v ? (
          <Tag
            color="orange"
            title={r.pausedAt ? `${formatDateTime(r.pausedAt)} ${r.pausedBy ?? ''}` : undefined}
          >
            {t('jobs.schedules.pausedTag')}
          </Tag>
        ) : (
          <Tag color="green">{t('jobs.schedules.activeTag')}</Tag>
        ),
    },
    { title: t('jobs.schedules.runs'), dataIndex: 'runs', align: 'right' },
    {
      title: t('jobs.schedules.lastRunAt'),
      dataIndex: 'lastRunAt',
      render: (v: string | null) => (v ? formatDateTime(v) : '—'),
    },
    {
      title: t('jobs.schedules.lastDuration'),
      dataIndex: 'lastDurationMs',
      align: 'right',
      render: (v: number | null) => (v === null ? '—' : `${v} ms`),
    },
    {
      title: t('jobs.schedules.lastError'),
      dataIndex: 'lastError',
      render: (v: string | null) =>
        v ? (
          <Typography.Text type="danger" ellipsis={{ tooltip: v }} style={{ maxWidth: 240 }}>
            {v}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: t('jobs.actions'),
      key: 'actions',
      render: (_: unknown, r) => (
        <Can code="jobManager:btn_pause">
          <Popconfirm
            title={t(r.paused ? 'jobs.schedules.confirmResume' : 'jobs.schedules.confirmPause', {
              name: r.name,
            })}
            onConfirm={() => toggle(r)}
          >
            <Button type="link" size="small" data-testid={`schedule-${r.name}`}>
              {t(r.paused ? 'jobs.schedules.resume' : 'jobs.schedules.pause')}
            </Button>
          </Popconfirm>
        </Can>
      ),
    },
  ];
  return (
    <Card size="small" title={t('jobs.schedules.title')}>
      <Typography.Paragraph type="secondary">{t('jobs.schedules.hint')}</Typography.Paragraph>
      <Table<ScheduleRow>
        rowKey="name"
        size="small"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={isFetching && !data}
        pagination={false}
      />
    </Card>
  );
}
