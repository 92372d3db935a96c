import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { invoiceBatchTemplate, uploadInvoiceBatch } from '@fpy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call, download } from '../../../lib/http.ts';
import { Can } from '../../../lib/permission.tsx';
import { BatchHistory } from './batch-history.tsx';
import { BatchPanel } from './batch-panel.tsx';
import { BATCH_KEY, batchQuery } from './queries.ts';

/** The server refuses larger files too; checking here spares the upload. */
const MAX_BYTES = 10 * 1024 * 1024;

/** Spec §2.12 /outputInvoiceManager/batchInvoice: template, validated upload, background issue, result. */
export default function BatchInvoicePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [current, setCurrent] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (file: File) => {
    setBusy(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const batch = await call(uploadInvoiceBatch, { body });
      qc.setQueryData(batchQuery(batch.id).queryKey, batch);
      setCurrent(batch.id);
      await qc.invalidateQueries({ queryKey: [BATCH_KEY, 'list'] });
    } catch {
      // Shown by the shared client (not xlsx, wrong headers, too many rows, too large).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('invoiceBatch.title')}>
        <Typography.Paragraph type="secondary">{t('invoiceBatch.hint')}</Typography.Paragraph>
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              void download(invoiceBatchTemplate, { filename: t('invoiceBatch.templateFile') }).catch(
                () => undefined,
              )
            }
          >
            {t('invoiceBatch.downloadTemplate')}
          </Button>
          <Can code="batchInvoice:btn_upload">
            <Upload
              accept=".xlsx"
              showUploadList={false}
              disabled={busy}
              beforeUpload={(file) => {
                if (file.size > MAX_BYTES) toast.error(t('invoiceBatch.tooLarge'));
                else void send(file);
                return false;
              }}
            >
              <Button type="primary" icon={<UploadOutlined />} loading={busy} data-testid="batch-upload">
                {busy ? t('invoiceBatch.uploading') : t('invoiceBatch.upload')}
              </Button>
            </Upload>
          </Can>
        </Space>
        {current !== null && <BatchPanel id={current} />}
      </Card>
      <BatchHistory current={current} onView={setCurrent} />
    </Space>
  );
}
