import { type JobAttempt, type JobRow, REDELIVERABLE_STATES } from '@fpy/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Popconfirm, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { Can } from '../../../lib/permission.tsx';
import { JobStateTag, kindName } from './job-texts.tsx';
import { jobQuery } from './jobs-api.ts';

const OUTCOME_COLOR: Record<string, string> = {
  done: 'green',
  retry: 'gold',
  failed: 'orange',
  dead: 'red',
  lost: 'default',
  redelivered: 'blue',
};

/** One task: what it is, where it stands, and its attempt log (oldest first). */
export function JobDrawer({
  id,
  onClose,
  onRedeliver,
}: {
  id: number | null;
  onClose: () => void;
  onRedeliver: (row: JobRow) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { data: job } = useQuery({ ...jobQuery(id ?? 0), enabled: id !== null });
  const columns: TableProps<JobAttempt>['columns'] = [
    { title: t('jobs.attempt.n'), dataIndex: 'n', width: 60 },
    {
      title: t('jobs.attempt.outcome'),
      dataIndex: 'outcome',
      width: 110,
      render: (v: JobAttempt['outcome']) =>
        v ? (
          <Tag color={OUTCOME_COLOR[v]}>{t(`jobs.outcome.${v}`)}</Tag>
        ) : (
          <Tag>{t('jobs.outcome.open')}</Tag>
        ),
    },
    {
      title: t('jobs.attempt.startedAt'),
      dataIndex: 'startedAt',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('jobs.attempt.took'),
      key: 'took',
      width: 90,
      align: 'right',
      render: (_: unknown, a) =>
        a.endedAt ? `${((Date.parse(a.endedAt) - Date.parse(a.startedAt)) / 1000).toFixed(1)} s` : '—',
    },
    {
      title: t('jobs.attempt.message'),
      key: 'message',
      render: (_: unknown, a) =>
        a.code || a.message ? (
          <Typography.Text>
            {a.code ? <Typography.Text code>{a.code}</Typography.Text> : null} {a.message}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      title={t('jobs.drawer', { id: id ?? '' })}
      destroyOnHidden
      extra={
        job && REDELIVERABLE_STATES.includes(job.state) ? (
          <Can code="jobManager:btn_redeliver">
            <Popconfirm title={t('jobs.confirmOne', { id: job.id })} onConfirm={() => onRedeliver(job)}>
              <Button type="primary" data-testid="drawer-redeliver">
                {t('jobs.redeliver')}
              </Button>
            </Popconfirm>
          </Can>
        ) : null
      }
    >
      {job ? (
        <>
          <Descriptions size="small" bordered column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('jobs.field.kind')}>{kindName(t, job.kind)}</Descriptions.Item>
            <Descriptions.Item label={t('jobs.field.state')}>
              <JobStateTag state={job.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('jobs.field.ref')}>
              <Typography.Text copyable>{job.ref}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('jobs.field.tenant')}>
              {job.tenantId === null ? t('jobs.platform') : (job.tenantName ?? `#${job.tenantId}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('jobs.field.attempts')}>{job.attempts}</Descriptions.Item>
            <Descriptions.Item label={t('jobs.field.nextAt')}>
              {job.state === 'pending' ? formatDateTime(job.nextAt) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('jobs.field.since')}>{formatDateTime(job.since)}</Descriptions.Item>
            <Descriptions.Item label={t('jobs.field.finishedAt')}>
              {job.finishedAt ? formatDateTime(job.finishedAt) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('jobs.field.lastError')} span={2}>
              {job.lastError ? (
                <Typography.Text type="danger">
                  {job.lastCode ? `[${job.lastCode}] ` : ''}
                  {job.lastError}
                </Typography.Text>
              ) : (
                '—'
              )}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{t('jobs.attemptLog')}</Typography.Title>
          <Table<JobAttempt>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={job.attemptLog}
            pagination={false}
            data-testid="job-attempts"
          />
        </>
      ) : null}
    </Drawer>
  );
}
