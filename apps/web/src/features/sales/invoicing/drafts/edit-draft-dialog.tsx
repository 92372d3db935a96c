import { getInvoice } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../../lib/http.ts';
import { InvoiceForm } from '../opener/invoice-form.tsx';

/** The issuing form on a saved draft: saves with PUT, 提交开具 submits it; a review's send-back reason is shown. */
export function EditDraftDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: ['invoicing', 'invoice', 'edit', id],
    queryFn: ({ signal }) => call(getInvoice, { params: { id: id as number }, signal }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const sentBack = data?.events.findLast((e) => e.from === 'pending_review' && e.to === 'draft');
  return (
    <Modal
      open={id !== null}
      title={t('drafts.editTitle')}
      width={1240}
      footer={null}
      maskClosable={false}
      keyboard={false}
      onCancel={onClose}
      destroyOnHidden
    >
      {data && data.id === id ? (
        <>
          {sentBack?.reason ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message={t('drafts.sentBack', { reason: sentBack.reason })}
            />
          ) : null}
          <InvoiceForm
            mode="issue"
            draft={data}
            onDone={async () => {
              await qc.invalidateQueries({ queryKey: ['invoicing'] });
              onClose();
            }}
          />
        </>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
