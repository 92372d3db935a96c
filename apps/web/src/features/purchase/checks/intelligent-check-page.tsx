import type { CheckBatchReply, CheckRecordView } from '@fpy/contracts';
import { MAX_CHECK_BATCH } from '@fpy/contracts';
import { Button, Card, Col, Input, Row, Space, Statistic, Table, Tabs, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fen } from '../../../entities/invoice/money.ts';
import { Can } from '../../../lib/permission.tsx';
import { CheckResult, ResultTag } from './check-result.tsx';
import { checkFile, checkPasted, downloadTemplate } from './checks-api.ts';
import { ElementsForm } from './elements-form.tsx';

/**
 * Spec §2.12 /receiptsInvoice/intelligentCheck (智能查验): one invoice by its elements (§7.1), or a batch — a pasted
 * list or the Excel template, at most MAX_CHECK_BATCH rows — with a result per row; every check is kept in 查验记录
 * with the bureau's reply.
 */
export default function IntelligentCheckPage() {
  const { t } = useTranslation();
  const [single, setSingle] = useState<CheckRecordView | null>(null);
  return (
    <Card>
      <Tabs
        items={[
          {
            key: 'single',
            label: t('purchaseChecks.single'),
            children: (
              <Can
                code="intelligentCheck:btn_check"
                fallback={<Typography.Text>{t('purchaseChecks.noRight')}</Typography.Text>}
              >
                <Row gutter={24}>
                  <Col xs={24} lg={10}>
                    <ElementsForm onChecked={setSingle} />
                  </Col>
                  <Col xs={24} lg={14}>
                    {single ? (
                      <CheckResult r={single} />
                    ) : (
                      <Typography.Paragraph type="secondary">
                        {t('purchaseChecks.singleHint')}
                      </Typography.Paragraph>
                    )}
                  </Col>
                </Row>
              </Can>
            ),
          },
          {
            key: 'batch',
            label: t('purchaseChecks.batch'),
            children: (
              <Can
                code="intelligentCheck:btn_batch"
                fallback={<Typography.Text>{t('purchaseChecks.noRight')}</Typography.Text>}
              >
                <BatchPanel />
              </Can>
            ),
          },
        ]}
      />
    </Card>
  );
}

function BatchPanel() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<CheckBatchReply | null>(null);
  const run = async (p: Promise<CheckBatchReply>) => {
    setBusy(true);
    try {
      setReply(await p);
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Paragraph type="secondary">
        {t('purchaseChecks.batchHint', { max: MAX_CHECK_BATCH })}
      </Typography.Paragraph>
      <Input.TextArea
        aria-label={t('purchaseChecks.batchText')}
        rows={6}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={
          ',26312000000000000001,2026-10-09,113.00\n3100201130,04512870,2026-09-14,1000.00\n031002000111,61238805,2026-10-09,,940517'
        }
        maxLength={MAX_CHECK_BATCH * 120}
      />
      <Space wrap>
        <Button
          type="primary"
          disabled={!text.trim()}
          loading={busy}
          onClick={() => run(checkPasted(text))}
          data-testid="batch-submit"
        >
          {t('purchaseChecks.checkList')}
        </Button>
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            run(checkFile(file));
            return false;
          }}
        >
          <Button loading={busy}>{t('purchaseChecks.uploadExcel')}</Button>
        </Upload>
        <Button type="link" onClick={() => downloadTemplate().catch(() => {})}>
          {t('purchaseChecks.template')}
        </Button>
      </Space>
      {reply && (
        <>
          <Row gutter={16}>
            {(['match', 'mismatch', 'not_found', 'failed', 'invalid'] as const).map((k) => (
              <Col key={k}>
                <Statistic
                  title={t(k === 'invalid' ? 'purchaseChecks.invalidRows' : `purchaseChecks.result.${k}`)}
                  value={reply.counts[k]}
                />
              </Col>
            ))}
          </Row>
          <Table
            size="small"
            rowKey="row"
            pagination={false}
            dataSource={reply.rows}
            columns={[
              { title: t('purchaseChecks.row'), dataIndex: 'row', width: 60 },
              {
                title: t('purchaseChecks.field.number'),
                key: 'number',
                render: (_: unknown, r) =>
                  r.record ? [r.record.code, r.record.number].filter(Boolean).join(' / ') : '—',
              },
              {
                title: t('purchaseChecks.field.result'),
                key: 'result',
                render: (_: unknown, r) =>
                  r.record ? (
                    <ResultTag r={r.record} />
                  ) : (
                    <Typography.Text type="danger">
                      {r.field ? `${t(`purchaseChecks.field.${r.field}`, { defaultValue: r.field })}: ` : ''}
                      {r.error}
                    </Typography.Text>
                  ),
              },
              {
                title: t('purchaseChecks.field.detail'),
                key: 'detail',
                render: (_: unknown, r) =>
                  r.record?.invoice
                    ? `${r.record.invoice.sellerName} · ${fen(r.record.invoice.totalFen)}`
                    : r.record?.mismatch.length
                      ? t('purchaseChecks.mismatchFields', {
                          fields: r.record.mismatch
                            .map((f) => t(`purchaseChecks.field.${f}`))
                            .join(t('purchaseChecks.listSep')),
                        })
                      : '',
              },
            ]}
          />
        </>
      )}
    </Space>
  );
}
