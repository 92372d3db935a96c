import { getInvoice } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../../lib/http.ts';
import { RedInvoiceLink } from '../shared/red-invoice-link.tsx';
import { SETTLED_INVOICE } from '../shared/queries.ts';

/** The red invoice a quick full red created: re-read every second until the bureau has answered. */
export function QuickResult({ invoiceId }: { invoiceId: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: ['red-letter', 'red-invoice', invoiceId],
    queryFn: ({ signal }) => call(getInvoice, { params: { id: invoiceId }, signal }),
    refetchInterval: (q) => (q.state.data && SETTLED_INVOICE.includes(q.state.data.status) ? false : 1000),
  });
  const status = data?.status;
  useEffect(() => {
    if (status) void qc.invalidateQueries({ queryKey: ['red-letter', 'blue'] });
  }, [status, qc]);
  if (!data) return null;
  return (
    <Alert
      style={{ marginTop: 16 }}
      type={data.status === 'failed' ? 'error' : 'success'}
      title={t('redLetter.fill.quickDone')}
      description={
        <RedInvoiceLink
          red={{
            id: data.id,
            number: data.number,
            status: data.status,
            totalFen: data.totalFen,
            failureReason: data.failureReason,
          }}
        />
      }
    />
  );
}
