import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/permission.tsx';

const IntakeDialog = lazy(() => import('./intake-dialog.tsx').then((m) => ({ default: m.IntakeDialog })));

/** 收录发票 on the query page's toolbar: shown to a user holding the upload or the manual-entry code. */
export default function IntakeButton({ onCollected }: { onCollected?: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const files = useCan('invoiceQuery:btn_upload');
  const manual = useCan('invoiceQuery:btn_manual');
  if (!files && !manual) return null;
  return (
    <>
      <Button data-testid="intake-open" onClick={() => setOpen(true)}>
        {t('purchaseIntake.collect')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <IntakeDialog
            open
            files={files}
            manual={manual}
            onClose={() => setOpen(false)}
            onCollected={onCollected}
          />
        </Suspense>
      )}
    </>
  );
}
