import { orderImportTemplate } from '@fpy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from '../../../crud/import-dialog.tsx';
import { toast } from '../../../lib/feedback.ts';
import { Can } from '../../../lib/permission.tsx';
import type { OrderRow } from '@fpy/contracts';
import { importOrders, refreshOrders, voidOrder } from './orders-api.ts';
import { CreateOrderModal, OrderQrModal, VoidOrderModal, WindowModal } from './order-parts.tsx';
import { OrdersTable } from './orders-table.tsx';

/**
 * Spec §2.12 /outputInvoiceManager/sweepCode (扫码开票): the seller's scan-to-invoice orders — create one with its
 * lines (or import many from Excel), show and copy its one-time QR code and link, void it, set how long orders
 * stay valid.
 */
export default function SweepCodePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [windowOpen, setWindowOpen] = useState(false);
  const [qr, setQr] = useState<number | null>(null);
  const [voiding, setVoiding] = useState<OrderRow | null>(null);
  return (
    <Card>
      <OrdersTable
        name="scan-order-filters"
        toolbar={
          <Space style={{ marginBottom: 12 }}>
            <Can code="sweepCode:btn_add">
              <Button type="primary" onClick={() => setCreating(true)} data-testid="order-add">
                {t('scanOrders.add')}
              </Button>
            </Can>
            <Can code="sweepCode:btn_import">
              <Button onClick={() => setImporting(true)}>{t('scanOrders.import')}</Button>
            </Can>
            <Can code="sweepCode:btn_window">
              <Button onClick={() => setWindowOpen(true)}>{t('scanOrders.window')}</Button>
            </Can>
          </Space>
        }
        actions={(r) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setQr(r.id)} data-testid={`order-qr-${r.id}`}>
              {t('scanOrders.qr')}
            </Button>
            {r.state === 'open' || r.state === 'expired' ? (
              <Can code="sweepCode:btn_void">
                <Button type="link" size="small" danger onClick={() => setVoiding(r)}>
                  {t('scanOrders.void')}
                </Button>
              </Can>
            ) : null}
          </Space>
        )}
      />
      <CreateOrderModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          setQr(id);
        }}
      />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        title={t('scanOrders.importTitle')}
        template={{ route: orderImportTemplate, fileName: t('scanOrders.importTemplate') }}
        hint={t('scanOrders.importHint')}
        upload={importOrders}
        refresh={refreshOrders}
      />
      <WindowModal open={windowOpen} onClose={() => setWindowOpen(false)} />
      <OrderQrModal id={qr} onClose={() => setQr(null)} />
      <VoidOrderModal
        order={voiding}
        onClose={() => setVoiding(null)}
        onVoid={async (id, reason) => {
          try {
            await voidOrder(id, reason);
            toast.success(t('scanOrders.voided'));
            setVoiding(null);
          } catch {
            // Shown by the shared client.
          }
          await refreshOrders(qc);
        }}
      />
    </Card>
  );
}
