import { InboxOutlined } from '@ant-design/icons';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, List, Space, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteContract } from '@fpy/contracts';
import { download } from '../lib/http.ts';
import { AppModal } from '../lib/modal.tsx';

interface RowProblem {
  rowNumber: number;
  message: string;
}

/** What every xlsx import endpoint answers; `skipped` and `warnings` only where the import has them. */
export interface ImportReport {
  total: number;
  succeeded: number;
  failed: number;
  skipped?: number;
  errors: RowProblem[];
  warnings?: RowProblem[];
}

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The template route and the file name it is saved under. */
  template: { route: RouteContract<any, any, any, any>; fileName: string };
  /** Posts the multipart body (the file in field `file`); errors are shown by the shared client. */
  upload: (body: FormData) => Promise<ImportReport>;
  /** Invalidates whatever lists the import changes. */
  refresh: (qc: QueryClient) => Promise<unknown>;
  /** Replaces the generic drop-zone hint, e.g. to name the template's columns. */
  hint?: string;
  /** Fields asked for before the file (e.g. the target company), shown above the drop zone. */
  extra?: ReactNode;
  /** False while `extra` still lacks a required value. */
  ready?: boolean;
}

/** Upload the filled template; every refused row (and every warning) is listed with its row number. */
export function ImportDialog({
  open,
  onClose,
  title,
  template,
  upload,
  refresh,
  hint,
  extra,
  ready = true,
}: ImportDialogProps) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setFile(null);
    setReport(null);
    onClose();
  };
  const start = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const body = new FormData();
      body.append('file', file);
      setReport(await upload(body));
      await refresh(qc);
    } catch {
      // Shown by the shared client (wrong format, missing headers, too large …).
    } finally {
      setBusy(false);
    }
  };
  const problems = report
    ? [...report.errors, ...(report.warnings ?? [])].sort((a, b) => a.rowNumber - b.rowNumber)
    : [];

  return (
    <AppModal
      open={open}
      title={title}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('crud.import.close')}</Button>
          <Button type="primary" disabled={!file || !ready} loading={busy} onClick={start}>
            {t('crud.import.start')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() =>
            void download(template.route, { filename: template.fileName }).catch(() => undefined)
          }
        >
          {t('crud.import.downloadTemplate')}
        </Button>
        {extra}
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
          <p>{hint ?? t('crud.import.hint')}</p>
        </Upload.Dragger>
        {report && (
          <>
            <Alert
              type={report.failed ? 'warning' : 'success'}
              showIcon
              title={t(report.skipped === undefined ? 'crud.import.result' : 'crud.import.resultSkipped', {
                total: report.total,
                succeeded: report.succeeded,
                skipped: report.skipped,
                failed: report.failed,
              })}
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
