import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../lib/permission.tsx';
import { BatchSmsDialog } from './batch-sms-dialog.tsx';
import { BulkDeliverDialog } from './bulk-deliver-dialog.tsx';

/** 批量交付 and 批量短信链接 over the ticked invoices, each behind its code, with their dialogs. */
export default function DeliveryBulkActions({ ids }: { ids: number[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'deliver' | 'batchSms' | null>(null);
  return (
    <>
      <Can code="salesInvoiceQuery:btn_deliver">
        <Button disabled={!ids.length} onClick={() => setOpen('deliver')}>
          {t('delivery.bulkDeliver', { count: ids.length })}
        </Button>
      </Can>
      <Can code="salesInvoiceQuery:btn_batchSms">
        <Button disabled={!ids.length} onClick={() => setOpen('batchSms')}>
          {t('delivery.batchSms', { count: ids.length })}
        </Button>
      </Can>
      <BulkDeliverDialog ids={ids} open={open === 'deliver'} onClose={() => setOpen(null)} />
      <BatchSmsDialog ids={ids} open={open === 'batchSms'} onClose={() => setOpen(null)} />
    </>
  );
}
