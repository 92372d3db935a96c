import {
  acceptBatchAiCoding,
  type BatchRow,
  batchAiCoding,
  batchAiCodingExport,
  batchAiCodingResult,
  batchAiCodingTemplate,
} from '@fpy/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Progress, Select, Space, Table, Tag, Tooltip, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call, download } from '../../../lib/http.ts';

const JOB_KEY = 'taxCodes.batchJob';

/** Upload names, watch the background job, then accept rows in bulk. The job id survives a reload. */
export function BatchCodingPanel() {
  const { t } = useTranslation();
  const [jobId, setJobId] = useState<number | null>(() => Number(localStorage.getItem(JOB_KEY)) || null);
  const [choice, setChoice] = useState<Record<number, string>>({});
  const [selected, setSelected] = useState<number[]>([]);
  // Reviewers work through the weak rows first, so they can narrow the table to them.
  const [reviewOnly, setReviewOnly] = useState(false);
  const { data: job, refetch } = useQuery({
    queryKey: ['taxCodes', 'batchJob', jobId],
    queryFn: () => call(batchAiCodingResult, { body: { jobId: jobId as number }, silent: true }),
    enabled: !!jobId,
    refetchInterval: (q) => (q.state.data && ['done', 'failed'].includes(q.state.data.status) ? false : 1000),
  });

  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    try {
      const r = await call(batchAiCoding, { body: form });
      localStorage.setItem(JOB_KEY, String(r.jobId));
      setJobId(r.jobId);
      setChoice({});
      setSelected([]);
    } catch {
      // Shown by the shared client.
    }
    return false;
  };

  const reviewCount = (job?.rows ?? []).filter((r) => r.lowConfidence).length;
  const rows = reviewOnly ? (job?.rows ?? []).filter((r) => r.lowConfidence) : job?.rows;

  const codeOf = (r: BatchRow) => choice[r.id] ?? r.acceptedCode ?? r.suggestions?.[0]?.code;
  const accept = async () => {
    const rows = (job?.rows ?? [])
      .filter((r) => selected.includes(r.id) && codeOf(r))
      .map((r) => ({ id: r.id, code: codeOf(r) as string }));
    if (!rows.length || !jobId) return;
    try {
      const r = await call(acceptBatchAiCoding, { body: { jobId, rows } });
      toast.success(t('taxCodes.batch.accepted', { count: r.accepted }));
      setSelected([]);
      await refetch();
    } catch {
      // Shown by the shared client.
    }
  };

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Upload accept=".xlsx" showUploadList={false} beforeUpload={upload}>
          <Button type="primary">{t('taxCodes.batch.upload')}</Button>
        </Upload>
        <Button onClick={() => download(batchAiCodingTemplate)}>{t('taxCodes.batch.template')}</Button>
        {job?.status === 'done' && (
          <>
            <Button onClick={() => download(batchAiCodingExport, { query: { jobId: job.jobId } })}>
              {t('taxCodes.batch.export')}
            </Button>
            <Button disabled={!selected.length} onClick={accept}>
              {t('taxCodes.batch.accept', { count: selected.length })}
            </Button>
            <Checkbox
              checked={reviewOnly}
              disabled={!reviewCount}
              onChange={(e) => setReviewOnly(e.target.checked)}
            >
              {t('taxCodes.batch.reviewOnly', { count: reviewCount })}
            </Checkbox>
          </>
        )}
      </Space>
      {job && job.status !== 'done' && (
        <Progress
          status={job.status === 'failed' ? 'exception' : 'active'}
          percent={job.total ? Math.round((job.processed / job.total) * 100) : 0}
          format={() => `${job.processed} / ${job.total}`}
        />
      )}
      {job?.status === 'done' && (
        <Table<BatchRow>
          rowKey="id"
          size="small"
          dataSource={rows}
          pagination={{ pageSize: 50 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
          columns={[
            { title: t('taxCodes.batch.row'), dataIndex: 'rowNumber', width: 70 },
            { title: t('taxCodes.batch.name'), dataIndex: 'name' },
            {
              title: t('taxCodes.batch.review'),
              key: 'review',
              width: 100,
              sorter: (a, b) => Number(b.lowConfidence) - Number(a.lowConfidence),
              render: (_, r) =>
                r.lowConfidence ? (
                  <Tooltip title={t('taxCodes.batch.reviewTip')}>
                    <Tag color="warning">{t('taxCodes.batch.reviewTag')}</Tag>
                  </Tooltip>
                ) : null,
            },
            {
              title: t('taxCodes.batch.code'),
              render: (_, r) => (
                <Select
                  style={{ width: 360 }}
                  value={codeOf(r)}
                  onChange={(v) => setChoice((c) => ({ ...c, [r.id]: v }))}
                  options={(r.suggestions ?? []).map((s) => ({
                    value: s.code,
                    label: `${s.name} ${s.code} (${Math.round(s.confidence * 100)}%)`,
                  }))}
                />
              ),
            },
            {
              title: t('taxCodes.batch.acceptedCode'),
              dataIndex: 'acceptedCode',
              width: 200,
              render: (v: string | null) => v ?? '—',
            },
          ]}
        />
      )}
    </Card>
  );
}
