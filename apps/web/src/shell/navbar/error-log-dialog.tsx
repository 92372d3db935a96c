import { Collapse, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { clearErrorLog, useErrorLog } from '../../lib/error-log.ts';
import { formatDateTime } from '../../lib/format.ts';
import { AppModal } from '../../lib/modal.tsx';

/** The error log's dialog (spec §4), in its own chunk: it loads when the bug button is first clicked. */
export default function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const entries = useErrorLog();
  return (
    <AppModal
      open={open}
      title={t('shell.errorLog.title')}
      width={860}
      onCancel={onClose}
      okText={t('shell.errorLog.clear')}
      onOk={() => {
        clearErrorLog();
        onClose();
      }}
    >
      {entries.length === 0 ? (
        <Empty />
      ) : (
        <Collapse
          size="small"
          items={entries.map((e) => ({
            key: e.id,
            label: `${formatDateTime(e.time)}  ${e.message}`,
            children: (
              <div style={{ maxHeight: 320, overflow: 'auto' }}>
                <Typography.Paragraph>
                  <Typography.Text strong>URL: </Typography.Text>
                  {e.url}
                </Typography.Paragraph>
                {e.stack && <pre style={{ fontSize: 12, whiteSpace: 'pre-wrap' }}>{e.stack}</pre>}
                {e.componentInfo && (
                  <>
                    <Typography.Text strong>{t('shell.errorLog.component')}</Typography.Text>
                    <pre style={{ fontSize: 12, whiteSpace: 'pre-wrap' }}>{e.componentInfo}</pre>
                  </>
                )}
              </div>
            ),
          }))}
        />
      )}
    </AppModal>
  );
}
