import { resendGivenUpDeliveries } from '@fpy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { Can } from '../../../lib/permission.tsx';

/** The list's filters as the server's records schema reads them (strings; its own status is replaced). */
const asFilters = (filters: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(filters)
      .filter(([k, v]) => k !== 'status' && v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

/**
 * 批量重发: every given-up record (多次重试失败) the search form's filters match, not only the page on screen;
 * records already resent are not resent again (the server decides).
 */
export function ResendGivenUpButton({
  channel,
  filters,
}: {
  channel: 'sms' | 'email';
  filters: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const r = await call(resendGivenUpDeliveries, { body: { channel, filters: asFilters(filters) } });
      toast.success(t('deliveryRecords.resendDone', r));
      await qc.invalidateQueries();
    } catch {
      // The failure was shown by the http layer.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Can code="salesInvoiceQuery:btn_resend">
      <Popconfirm title={t('deliveryRecords.resendConfirm')} onConfirm={() => void run()}>
        <Button loading={busy} data-testid="resend-given-up">
          {t('deliveryRecords.resendGivenUp')}
        </Button>
      </Popconfirm>
    </Can>
  );
}
