import { type InvoiceSummary, submitInvoiceDraft } from '@fpy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Popconfirm, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoiceColumns } from '../../../../entities/invoice/invoice-columns.tsx';
import { toast } from '../../../../lib/feedback.ts';
import { DATE_FORMAT, datePresets } from '../../../../lib/format.ts';
import { call } from '../../../../lib/http.ts';
import { Can } from '../../../../lib/permission.tsx';
import { EditDraftDialog } from './edit-draft-dialog.tsx';
import { WorkList } from './work-list.tsx';

type Range = { dateFrom?: string; dateTo?: string };

/** Spec §2.12 /outputInvoiceManager/stayOpenInvoice: drafts (also those review sent back): edit, submit, discard. */
export default function DraftsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<number | null>(null);
  const col = invoiceColumns<InvoiceSummary>(t);

  const submit = (r: InvoiceSummary) =>
    call(submitInvoiceDraft, { params: { id: r.id } }).then(
      async (inv) => {
        toast.success(inv.status === 'pending_review' ? t('drafts.submittedReview') : t('drafts.submitted'));
        await qc.invalidateQueries({ queryKey: ['invoicing', 'list'] });
      },
      () => undefined,
    );

  return (
    <WorkList<Range>
      list="drafts"
      initialFilter={{}}
      toQuery={(range) => ({ ...range, status: 'draft' })}
      filterControl={(range, apply) => (
        <DatePicker.RangePicker
          presets={datePresets()}
          onChange={(v) => {
            const picked = v as [Dayjs | null, Dayjs | null] | null;
            apply({
              ...range,
              dateFrom: picked?.[0]?.format(DATE_FORMAT),
              dateTo: picked?.[1]?.format(DATE_FORMAT),
            });
          }}
        />
      )}
      columns={(discard) => [
        col('createdAt', { sorter: true }),
        col('type'),
        col('buyerName'),
        col('buyerTaxNumber'),
        col('totalFen', { sorter: true }),
        col('status'),
        col('drawer'),
        col('clientSerial'),
        {
          title: t('drafts.col.actions'),
          key: 'actions',
          fixed: 'right',
          width: 200,
          render: (_, r) => (
            <Space size={4}>
              <Can code="stayOpenInvoice:btn_edit">
                <Button type="link" size="small" onClick={() => setEditing(r.id)}>
                  {t('drafts.edit')}
                </Button>
              </Can>
              <Can code="stayOpenInvoice:btn_issue">
                <Popconfirm
                  title={t('drafts.confirmSubmit', { buyer: r.buyerName })}
                  onConfirm={() => submit(r)}
                >
                  <Button type="link" size="small">
                    {t('drafts.submit')}
                  </Button>
                </Popconfirm>
              </Can>
              <Can code="stayOpenInvoice:btn_discard">
                <Button type="link" size="small" danger onClick={() => discard(r)}>
                  {t('drafts.discard')}
                </Button>
              </Can>
            </Space>
          ),
        },
      ]}
    >
      <EditDraftDialog id={editing} onClose={() => setEditing(null)} />
    </WorkList>
  );
}
