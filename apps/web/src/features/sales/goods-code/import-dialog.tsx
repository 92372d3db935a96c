import { commodityImportTemplate, importCommodities } from '@fpy/contracts';
import { useTranslation } from 'react-i18next';
import { ImportDialog as XlsxImportDialog } from '../../../crud/import-dialog.tsx';
import { call } from '../../../lib/http.ts';
import { refreshGoods } from './goods-api.ts';

/** Goods from a historical invoice's lines: template, upload, then the row-by-row report. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <XlsxImportDialog
      open={open}
      onClose={onClose}
      title={t('goodsCode.import.title')}
      template={{ route: commodityImportTemplate, fileName: t('goodsCode.import.templateFile') }}
      hint={t('goodsCode.import.hint')}
      upload={(body) => call(importCommodities, { body })}
      refresh={refreshGoods}
    />
  );
}
