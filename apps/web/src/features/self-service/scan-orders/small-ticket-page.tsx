import { Alert, Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderQrModal } from './order-parts.tsx';
import { OrdersTable } from './orders-table.tsx';

/**
 * Spec §2.12 /outputInvoiceManager/smallTicketRecord (小票记录): the POS receipts (and orders of every source) with
 * the buyer's request and the invoice issued for it; read-only, with each order's details.
 */
export default function SmallTicketPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Card>
      <Alert type="info" showIcon message={t('scanOrders.smallTicketHint')} style={{ marginBottom: 16 }} />
      <OrdersTable
        name="small-ticket-filters"
        initial={{ origin: 'pos' }}
        actions={(r) => (
          <Button type="link" size="small" onClick={() => setOpen(r.id)}>
            {t('scanOrders.detail')}
          </Button>
        )}
      />
      <OrderQrModal id={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
