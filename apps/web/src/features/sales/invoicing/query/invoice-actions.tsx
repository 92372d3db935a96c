import { retryInvoice } from '@fpy/contracts';
import { invoiceTypeRules, isRedFlushableStatus } from '@fpy/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/feedback.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { call } from '../../../../lib/http.ts';
import { Can } from '../../../../lib/permission.tsx';
import type { ActionableInvoice } from '../../../../entities/invoice/actions-slot.ts';
import { ContributedRowActions } from '../../../../entities/invoice/contributed-actions.tsx';
import { saveInvoiceFile } from '../../../../entities/invoice/open-invoice-file.ts';

export type { ActionableInvoice };

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

/**
 * The actions an invoice's state allows, each behind its element code; `contributed` adds the other areas'
 * buttons (delivery's 交付) from the invoice action slot.
 */
export function InvoiceActions({
  inv,
  onVoid,
  contributed,
}: {
  inv: ActionableInvoice;
  onVoid: () => void;
  contributed?: boolean;
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
  const redFlushable = isRedFlushableStatus(inv.status) && inv.colour !== 'red';
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
      {contributed && <ContributedRowActions inv={inv} />}
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
