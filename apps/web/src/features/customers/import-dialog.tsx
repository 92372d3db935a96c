import { type CustomerImportReport, customerImportTemplate, importCustomers } from '@fpy/contracts';
import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, List, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, download } from '../../lib/http.ts';
import { AppModal } from '../../lib/modal.tsx';

/** Upload the filled template; every refused row and every warning is listed with its row number. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<CustomerImportReport | null>(null);
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
      setReport(await call(importCustomers, { body }));
      await qc.invalidateQueries({ queryKey: ['customers'] });
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };
  const problems = report
    ? [...report.errors, ...report.warnings].sort((a, b) => a.rowNumber - b.rowNumber)
    : [];

  return (
    <AppModal
      open={open}
      title={t('customers.importTitle')}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('customers.close')}</Button>
          <Button type="primary" disabled={!file} loading={busy} onClick={upload}>
            {t('customers.startImport')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() =>
            void download(customerImportTemplate.path, t('customers.templateFile')).catch(() => undefined)
          }
        >
          {t('customers.downloadTemplate')}
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
          <p>{t('customers.importHint')}</p>
        </Upload.Dragger>
        {report && (
          <>
            <Alert
              type={report.failed ? 'warning' : 'success'}
              showIcon
              title={t('customers.importResult', report)}
            />
            {problems.length > 0 && (
              <List
                size="small"
                bordered
                style={{ maxHeight: 240, overflow: 'auto' }}
                dataSource={problems}
                renderItem={(e) => <List.Item>{e.message}</List.Item>}
              />
            )}
          </>
        )}
      </Space>
    </AppModal>
  );
}
