import { type CommodityImportReport, commodityImportTemplate, importCommodities } from '@fpy/contracts';
import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, List, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, download } from '../../lib/http.ts';
import { AppModal } from '../../lib/modal.tsx';
import { refreshGoods } from './goods-api.ts';

/** Goods from a historical invoice's lines: template, upload, then the row-by-row report. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<CommodityImportReport | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setFile(null);
    setReport(null);
    onClose();
  };
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const body = new FormData();
      body.append('file', file);
      setReport(await call(importCommodities, { body }));
      await refreshGoods(qc);
    } catch {
      // Shown by the shared client (wrong format, missing headers, too large …).
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal
      open={open}
      title={t('goodsCode.import.title')}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('goodsCode.close')}</Button>
          <Button type="primary" disabled={!file} loading={busy} onClick={upload}>
            {t('goodsCode.import.start')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() =>
            void download(commodityImportTemplate.path, t('goodsCode.import.templateFile')).catch(
              () => undefined,
            )
          }
        >
          {t('goodsCode.import.template')}
        </Button>
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setReport(null);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('goodsCode.import.hint')}</p>
        </Upload.Dragger>
        {report && (
          <>
            <Alert
              type={report.failed ? 'warning' : 'success'}
              showIcon
              title={t('goodsCode.import.result', report)}
            />
            {report.errors.length > 0 && (
              <List
                size="small"
                bordered
                style={{ maxHeight: 240, overflow: 'auto' }}
                dataSource={report.errors}
                renderItem={(e) => <List.Item>{e.message}</List.Item>}
              />
            )}
          </>
        )}
      </Space>
    </AppModal>
  );
}
