import { importUsers, type UserImportReport } from '@fpy/contracts';
import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, List, Select, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, download } from '../../../lib/http.ts';
import { AppModal } from '../../../lib/modal.tsx';
import { refreshOrg } from '../org-api.ts';
import { useOrgScope } from '../use-org-scope.ts';

/** Upload the filled template; the server imports row by row and reports every refused row. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { platform, tenantOptions } = useOrgScope();
  const [file, setFile] = useState<File | null>(null);
  const [tenantId, setTenantId] = useState<number | undefined>();
  const [report, setReport] = useState<UserImportReport | null>(null);
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
      setReport(await call(importUsers, { query: { tenantId }, body }));
      await refreshOrg(qc);
    } catch {
      // Shown by the shared client (wrong format, missing headers …).
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal
      open={open}
      title={t('org.user.importTitle')}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('org.common.close')}</Button>
          <Button type="primary" disabled={!file || (platform && !tenantId)} loading={busy} onClick={upload}>
            {t('org.user.startImport')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() =>
            void download('/api/admin/users/import-template', t('org.user.templateFile')).catch(
              () => undefined,
            )
          }
        >
          {t('org.user.downloadTemplate')}
        </Button>
        {platform && (
          <Form.Item label={t('org.user.tenant')} required style={{ marginBottom: 0 }}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={tenantOptions}
              value={tenantId}
              onChange={setTenantId}
            />
          </Form.Item>
        )}
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
          <p>{t('org.user.importHint')}</p>
        </Upload.Dragger>
        {report && (
          <>
            <Alert
              type={report.failed ? 'warning' : 'success'}
              showIcon
              title={t('org.user.importResult', {
                total: report.total,
                succeeded: report.succeeded,
                failed: report.failed,
              })}
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
