import { retryInvoice } from '@fpy/contracts';
import { type InvoiceStatus, type InvoiceType, invoiceTypeRules } from '@fpy/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/feedback.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { call } from '../../../../lib/http.ts';
import { Can } from '../../../../lib/permission.tsx';
import { saveInvoiceFile } from '../../../../entities/invoice/open-invoice-file.ts';

export interface ActionableInvoice {
  id: number;
  type: InvoiceType;
  status: InvoiceStatus;
  number: string | null;
  issuedAt: string | null;
  colour?: 'blue' | 'red';
}

const MENU = 'salesInvoiceQuery';
const month = (iso: string | null) => formatDateTime(iso, 'YYYY-MM');

/** §6.3 as the server applies it: paper, 已开具, blue, issued this calendar month (China time). */
export function canVoid(inv: ActionableInvoice, now = new Date().toISOString()): boolean {
  return (
    !invoiceTypeRules(inv.type).electronic &&
    inv.status === 'issued' &&
    inv.colour !== 'red' &&
    !!inv.issuedAt &&
    month(inv.issuedAt) === month(now)
  );
}

/** Issued invoices with a number reach their buyers (a reversed one too, when someone asks for it). */
const DELIVERABLE = ['issued', 'partly_red', 'red'];
export const canDeliver = (inv: ActionableInvoice) => DELIVERABLE.includes(inv.status) && !!inv.number;

/** The actions an invoice's state allows, each behind its element code. */
export function InvoiceActions({
  inv,
  onVoid,
  onDeliver,
}: {
  inv: ActionableInvoice;
  onVoid: () => void;
  /** 交付 (e-mail / SMS); pages without it offer no delivery. */
  onDeliver?: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const retry = () =>
    call(retryInvoice, { params: { id: inv.id } }).then(
      async () => {
        toast.success(t('invoiceQuery.retried'));
        await qc.invalidateQueries({ queryKey: ['invoicing'] });
      },
      () => undefined,
    );
  const redFlushable = (inv.status === 'issued' || inv.status === 'partly_red') && inv.colour !== 'red';
  return (
    <Space size={0} wrap>
      {inv.status === 'failed' && (
        <Can code={`${MENU}:btn_retry`}>
          <Button type="link" size="small" onClick={() => void retry()}>
            {t('invoiceQuery.retry')}
          </Button>
        </Can>
      )}
      {redFlushable && (
        <Can code={`${MENU}:btn_red`}>
          <Button
            type="link"
            size="small"
            onClick={() => navigate(`/outputInvoiceManager/invoiceFill?blueId=${inv.id}`)}
          >
            {t('invoiceQuery.red')}
          </Button>
        </Can>
      )}
      {canVoid(inv) && (
        <Can code={`${MENU}:btn_void`}>
          <Button type="link" size="small" danger onClick={onVoid}>
            {t('invoiceQuery.void')}
          </Button>
        </Can>
      )}
      {onDeliver && canDeliver(inv) && (
        <Can code={`${MENU}:btn_deliver`}>
          <Button type="link" size="small" onClick={onDeliver}>
            {t('delivery.deliver')}
          </Button>
        </Can>
      )}
      {inv.number && (
        <Can code={`${MENU}:btn_download`}>
          <Button type="link" size="small" onClick={() => void saveInvoiceFile(inv, 'pdf')}>
            {t('invoiceQuery.downloadPdf')}
          </Button>
        </Can>
      )}
    </Space>
  );
}
