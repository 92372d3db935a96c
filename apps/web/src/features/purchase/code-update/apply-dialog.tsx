import { applyCodeRules, type CodeApplySample } from '@fpy/contracts';
import { resourceKeys } from '../../../crud/query-keys.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, DatePicker, Descriptions, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { AppModal } from '../../../lib/modal.tsx';

type Reply = Awaited<ReturnType<typeof call<typeof applyCodeRules>>>;

/** 批量更新编码: a 属期 range and 覆盖已编码; 预览 shows the counts and the lines that change, 确认更新 writes them. */
export function ApplyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const [result, setResult] = useState<Reply | null>(null);
  const body = (preview: boolean) => ({
    periodFrom: range?.[0]?.format('YYYYMM'),
    periodTo: range?.[1]?.format('YYYYMM'),
    overwrite,
    preview,
  });
  const run = useMutation({
    mutationFn: (preview: boolean) => call(applyCodeRules, { body: body(preview) }),
    onSuccess: (r) => {
      setResult(r);
      if (!r.preview) {
        toast.success(t('codeUpdate.done', { n: r.changed }));
        void client.invalidateQueries({ queryKey: resourceKeys('receivedCodeRules').all });
      }
    },
  });
  const close = () => {
    setResult(null);
    onClose();
  };
  const previewed = result?.preview === true;

  return (
    <AppModal
      open={open}
      width={920}
      title={t('codeUpdate.apply')}
      onCancel={close}
      footer={
        <Space>
          <Button onClick={close}>{t('codeUpdate.close')}</Button>
          <Button loading={run.isPending && run.variables} onClick={() => run.mutate(true)}>
            {t('codeUpdate.preview')}
          </Button>
          <Button
            type="primary"
            disabled={!previewed || result.changed === 0}
            loading={run.isPending && run.variables === false}
            onClick={() => run.mutate(false)}
          >
            {t('codeUpdate.confirm')}
          </Button>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{t('codeUpdate.range')}</span>
        <DatePicker.RangePicker
          picker="month"
          allowEmpty={[true, true]}
          value={range}
          onChange={(v) => {
            setRange(v);
            setResult(null);
          }}
        />
        <Checkbox
          checked={overwrite}
          onChange={(e) => {
            setOverwrite(e.target.checked);
            setResult(null);
          }}
        >
          {t('codeUpdate.overwrite')}
        </Checkbox>
      </Space>
      <Typography.Paragraph type="secondary">{t('codeUpdate.applyHint')}</Typography.Paragraph>
      {result && (
        <>
          <Descriptions size="small" column={4} bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('codeUpdate.count.lines')}>{result.lines}</Descriptions.Item>
            <Descriptions.Item label={t('codeUpdate.count.matched')}>{result.matched}</Descriptions.Item>
            <Descriptions.Item
              label={result.preview ? t('codeUpdate.count.willChange') : t('codeUpdate.count.changed')}
            >
              {result.changed}
            </Descriptions.Item>
            <Descriptions.Item label={t('codeUpdate.count.kept')}>{result.kept}</Descriptions.Item>
          </Descriptions>
          <Table<CodeApplySample>
            size="small"
            rowKey={(r) => `${r.receivedInvoiceId}-${r.lineNo}`}
            dataSource={result.samples}
            pagination={false}
            scroll={{ y: 320 }}
            locale={{ emptyText: t('codeUpdate.nothing') }}
            columns={[
              { title: t('codeUpdate.col.number'), dataIndex: 'number', width: 200 },
              { title: t('codeUpdate.col.seller'), dataIndex: 'sellerName', ellipsis: true },
              { title: t('codeUpdate.col.line'), dataIndex: 'lineName', ellipsis: true },
              {
                title: t('codeUpdate.col.from'),
                key: 'from',
                width: 160,
                render: (_, r) =>
                  r.fromCode ? `${r.fromCode} ${r.fromName ?? ''}` : <Tag>{t('codeUpdate.uncoded')}</Tag>,
              },
              {
                title: t('codeUpdate.col.to'),
                key: 'to',
                width: 180,
                render: (_, r) => (
                  <Typography.Text strong>
                    {r.toCode} {r.toName}
                  </Typography.Text>
                ),
              },
              { title: t('codeUpdate.col.material'), dataIndex: 'materialCode', width: 110 },
            ]}
          />
          {result.changed > result.samples.length && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('codeUpdate.more', { shown: result.samples.length, n: result.changed })}
            </Typography.Paragraph>
          )}
        </>
      )}
    </AppModal>
  );
}
