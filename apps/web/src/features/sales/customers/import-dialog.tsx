import { customerImportTemplate, importCustomers } from '@fpy/contracts';
import { useTranslation } from 'react-i18next';
import { ImportDialog as XlsxImportDialog } from '../../../crud/import-dialog.tsx';
import { call } from '../../../lib/http.ts';

/** Customers from the filled template; rows saved with a warning (e.g. checksum) are listed too. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <XlsxImportDialog
      open={open}
      onClose={onClose}
      title={t('customers.importTitle')}
      template={{ path: customerImportTemplate.path, fileName: t('customers.templateFile') }}
      upload={(body) => call(importCustomers, { body })}
      refresh={(qc) => qc.invalidateQueries({ queryKey: ['customers'] })}
    />
  );
}
