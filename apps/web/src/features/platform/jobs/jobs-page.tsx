import {
  JOB_STATES,
  type JobRow,
  type JobState,
  KNOWN_JOB_KINDS,
  REDELIVERABLE_STATES,
} from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Select,
  Space,
  Statistic,
  theme,
  type TableProps,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../crud/paged-table.tsx';
import { toast } from '../../../lib/feedback.ts';
import { DATE_FORMAT, datePresets, formatDateTime } from '../../../lib/format.ts';
import { Can, useCan } from '../../../lib/permission.tsx';
import { JobDrawer } from './job-drawer.tsx';
import { JobStateTag, kindName } from './job-texts.tsx';
import { jobsQuery, redeliverOne, redeliverSelected, refreshJobs, summaryQuery } from './jobs-api.ts';

interface Filters {
  state?: JobState;
  kind?: string;
  tenantId?: number;
  q?: string;
  dateFrom?: string;
  dateTo?: string;
}
interface FormValues extends Omit<Filters, 'dateFrom' | 'dateTo'> {
  range?: [Dayjs | null, Dayjs | null] | null;
}

const canRedeliver = (r: JobRow) => REDELIVERABLE_STATES.includes(r.state);

/**
 * Spec §2.12 /baseManager/jobManager (任务管理): the outbox's retried outgoing work for the platform operator —
 * counts per state (and kind), the tasks with filters, one task's attempt log, 重新投递 of a dead or refused
 * task, one or the selected ones.
 */
export default function JobsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const [open, setOpen] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const mayRedeliver = useCan('jobManager:btn_redeliver');
  const { token } = theme.useToken();
  const tone: Record<JobState, string> = {
    pending: token.colorInfo,
    running: token.colorPrimary,
    done: token.colorSuccess,
    failed: token.colorWarning,
    dead: token.colorError,
  };
  const { data, isFetching } = useQuery(jobsQuery({ ...filters, ...paging }));
  const { data: summary } = useQuery(summaryQuery);

  const kinds = useMemo(
    () => [...new Set([...KNOWN_JOB_KINDS, ...(summary?.rows.map((r) => r.kind) ?? [])])].sort(),
    [summary],
  );
  const perState = useMemo(() => {
    const out = Object.fromEntries(JOB_STATES.map((s) => [s, { total: 0, kinds: [] as [string, number][] }]));
    for (const r of summary?.rows ?? []) {
      out[r.state].total += r.count;
      out[r.state].kinds.push([r.kind, r.count]);
    }
    return out as Record<JobState, { total: number; kinds: [string, number][] }>;
  }, [summary]);

  const search = (f: Filters) => {
    setFilters(f);
    setSelected([]);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const submit = ({ range, q, ...rest }: FormValues) =>
    search({
      ...rest,
      q: q?.trim() || undefined,
      dateFrom: range?.[0]?.format(DATE_FORMAT),
      dateTo: range?.[1]?.format(DATE_FORMAT),
    });
  const pickState = (state: JobState) => {
    form.setFieldValue('state', state);
    submit({ ...form.getFieldsValue(), state });
  };

  const one = async (r: JobRow) => {
    try {
      await redeliverOne(r.id);
      toast.success(t('jobs.redelivered'));
    } catch {
      // Shown by the shared client.
    }
    await refreshJobs(qc);
  };
  const bulk = async () => {
    try {
      const res = await redeliverSelected(selected);
      toast.success(t('jobs.bulkDone', { done: res.redelivered.length, skipped: res.skipped.length }));
      setSelected([]);
    } catch {
      // Shown by the shared client.
    }
    await refreshJobs(qc);
  };

  const columns: TableProps<JobRow>['columns'] = [
    {
      title: t('jobs.field.id'),
      dataIndex: 'id',
      sorter: true,
      render: (v: number) => (
        <Button type="link" size="small" onClick={() => setOpen(v)} data-testid={`job-${v}`}>
          #{v}
        </Button>
      ),
    },
    { title: t('jobs.field.kind'), dataIndex: 'kind', render: (v: string) => kindName(t, v) },
    {
      title: t('jobs.field.ref'),
      dataIndex: 'ref',
      render: (v: string) => <Typography.Text copyable={{ text: v }}>{v}</Typography.Text>,
    },
    {
      title: t('jobs.field.tenant'),
      dataIndex: 'tenantName',
      render: (v: string | null, r) =>
        r.tenantId === null ? (
          <Typography.Text type="secondary">{t('jobs.platform')}</Typography.Text>
        ) : (
          <Button
            type="link"
            size="small"
            title={t('jobs.byTenant')}
            onClick={() => {
              form.setFieldValue('tenantId', r.tenantId);
              submit({ ...form.getFieldsValue(), tenantId: r.tenantId ?? undefined });
            }}
          >
            {v ?? `#${r.tenantId}`}
          </Button>
        ),
    },
    { title: t('jobs.field.state'), dataIndex: 'state', render: (v: JobState) => <JobStateTag state={v} /> },
    { title: t('jobs.field.attempts'), dataIndex: 'attempts', sorter: true, align: 'right' },
    {
      title: t('jobs.field.nextAt'),
      dataIndex: 'nextAt',
      sorter: true,
      render: (v: string, r) => (r.state === 'pending' ? formatDateTime(v) : '—'),
    },
    {
      title: t('jobs.field.lastError'),
      dataIndex: 'lastError',
      render: (v: string | null, r) =>
        v ? (
          <Typography.Text type="danger" ellipsis={{ tooltip: v }} style={{ maxWidth: 280 }}>
            {r.lastCode ? `[${r.lastCode}] ` : ''}
            {v}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: t('jobs.field.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('jobs.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen(r.id)}>
            {t('jobs.attemptLog')}
          </Button>
          {canRedeliver(r) && (
            <Can code="jobManager:btn_redeliver">
              <Popconfirm title={t('jobs.confirmOne', { id: r.id })} onConfirm={() => one(r)}>
                <Button type="link" size="small" data-testid={`redeliver-${r.id}`}>
                  {t('jobs.redeliver')}
                </Button>
              </Popconfirm>
            </Can>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        {JOB_STATES.map((s) => (
          <Col key={s} flex="1 1 180px">
            <Card
              size="small"
              hoverable
              onClick={() => pickState(s)}
              data-testid={`job-count-${s}`}
              style={{ borderTop: `3px solid ${tone[s]}` }}
            >
              <Statistic title={t(`jobs.state.${s}`)} value={perState[s].total} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {perState[s].kinds.length
                  ? perState[s].kinds.map(([k, n]) => `${kindName(t, k)} ${n}`).join(' · ')
                  : t('jobs.none')}
              </Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
      <Card>
        <Form<FormValues>
          form={form}
          layout="inline"
          name="job-filters"
          onFinish={submit}
          style={{ marginBottom: 16, rowGap: 8 }}
        >
          <Form.Item name="state" label={t('jobs.field.state')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={JOB_STATES.map((s) => ({ value: s, label: t(`jobs.state.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="kind" label={t('jobs.field.kind')}>
            <Select
              allowClear
              style={{ width: 200 }}
              options={kinds.map((k) => ({ value: k, label: kindName(t, k) }))}
            />
          </Form.Item>
          <Form.Item name="tenantId" label={t('jobs.field.tenantId')}>
            <InputNumber min={1} max={2_147_483_647} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="q" label={t('jobs.field.q')}>
            <Input allowClear maxLength={128} placeholder={t('jobs.qHint')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="range" label={t('jobs.field.createdAt')}>
            <DatePicker.RangePicker presets={datePresets()} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('jobs.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              {t('jobs.reset')}
            </Button>
          </Space>
        </Form>
        <Can code="jobManager:btn_redeliver">
          <Space style={{ marginBottom: 12 }}>
            <Popconfirm
              title={t('jobs.confirmBulk', { count: selected.length })}
              onConfirm={bulk}
              disabled={!selected.length}
            >
              <Button disabled={!selected.length} data-testid="redeliver-selected">
                {t('jobs.redeliverSelected', { count: selected.length })}
              </Button>
            </Popconfirm>
            <Typography.Text type="secondary">{t('jobs.bulkHint')}</Typography.Text>
          </Space>
        </Can>
        <PagedTable<JobRow>
          columns={columns}
          data={data}
          loading={isFetching}
          paging={paging}
          onPaging={setPaging}
          rowSelection={
            mayRedeliver
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  getCheckboxProps: (r) => ({ disabled: !canRedeliver(r) }),
                }
              : undefined
          }
        />
      </Card>
      <JobDrawer id={open} onClose={() => setOpen(null)} onRedeliver={one} />
    </Space>
  );
}
