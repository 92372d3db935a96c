import { importTaxCodes, syncTaxCodes, type TaxCodeJobReport } from '@fpy/contracts';
import { isPlatformAccount } from '@fpy/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/http.ts';
import { useCan, useProfile } from '../../../lib/permission.tsx';
import { lastJobQuery, TAX_CODES_KEY } from './tax-codes-api.ts';

/** Platform administrators load a newer table file; everyone sees the last result. */
export function TableSync() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const platform = profile ? isPlatformAccount(profile.isSuperAdmin) : false;
  const canSync = useCan('taxClassCode:btn_sync') && platform;
  const canImport = useCan('taxClassCode:btn_import') && platform;
  const { data: last } = useQuery(lastJobQuery);

  const show = (r: TaxCodeJobReport) =>
    Modal.info({
      title: t('taxCodes.sync.done'),
      content: t('taxCodes.sync.report', r),
    });

  const send = (contract: typeof syncTaxCodes | typeof importTaxCodes) => async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    try {
      const report = await call(contract, { body: form });
      await queryClient.invalidateQueries({ queryKey: [TAX_CODES_KEY] });
      show(report);
    } catch {
      // Shown by the shared client.
    }
    return false;
  };

  return (
    <Space wrap>
      {canSync && (
        <Upload accept=".csv" showUploadList={false} beforeUpload={send(syncTaxCodes)}>
          <Button>{t('taxCodes.sync.sync')}</Button>
        </Upload>
      )}
      {canImport && (
        <Upload accept=".csv" showUploadList={false} beforeUpload={send(importTaxCodes)}>
          <Button>{t('taxCodes.sync.import')}</Button>
        </Upload>
      )}
      {last && <span style={{ color: '#888' }}>{t('taxCodes.sync.last', last)}</span>}
    </Space>
  );
}
