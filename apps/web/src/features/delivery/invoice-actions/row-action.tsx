import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionableInvoice } from '../../../entities/invoice/actions-slot.ts';
import { Can } from '../../../lib/permission.tsx';
import { canDeliver } from './can-deliver.ts';
import { DeliverDialog } from './deliver-dialog.tsx';

/** 交付 on one invoice (e-mail / SMS), with its dialog; the code is the invoice query page's. */
export default function DeliverRowAction({ inv }: { inv: ActionableInvoice }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!canDeliver(inv)) return null;
  return (
    <Can code="salesInvoiceQuery:btn_deliver">
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        {t('delivery.deliver')}
      </Button>
      <DeliverDialog invoiceId={open ? inv.id : null} onClose={() => setOpen(false)} />
    </Can>
  );
}
