import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../../lib/error-log.ts';

// Collapse and the rest of the dialog are fetched on the first click, not with every console page.
const ErrorLogDialog = lazy(() => import('./error-log-dialog.tsx'));

/** Spec §4: uncaught UI errors are listed in a dialog opened from a bug button. */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const entries = useErrorLog();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the dialog's closing animation still plays.
  const [opened, setOpened] = useState(false);
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
            onClick={() => {
              setOpened(true);
              setOpen(true);
            }}
          />
        </Badge>
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          <ErrorLogDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
