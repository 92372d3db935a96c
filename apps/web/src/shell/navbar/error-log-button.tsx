import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Collapse, Empty, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.ts';
import { clearErrorLog, useErrorLog } from '../../lib/error-log.ts';
import { AppModal } from '../../lib/modal.tsx';

/** Spec §4: uncaught UI errors are listed in a dialog opened from a bug button. */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const entries = useErrorLog();
  const [open, setOpen] = useState(false);
  if (entries.length === 0) return null;

  return (
    <>
      <Tooltip title={t('shell.errorLog.title')}>
        <Badge count={entries.length} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            danger
            className="error-log-button"
            aria-label={t('shell.errorLog.title')}
            icon={<BugOutlined />}
            onClick={() => setOpen(true)}
          />
        </Badge>
      </Tooltip>
      <AppModal
        open={open}
        title={t('shell.errorLog.title')}
        width={860}
        onCancel={() => setOpen(false)}
        okText={t('shell.errorLog.clear')}
        onOk={() => {
          clearErrorLog();
          setOpen(false);
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
    </>
  );
}
