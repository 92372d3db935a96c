import { issueRedInvoice, RED_FORM_USABLE_STATES } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';
import { Can } from '../../../../lib/permission.tsx';
import { fen } from '../../../../entities/invoice/money.ts';
import { DeadlineCountdown } from '../shared/deadline-countdown.tsx';
import { FormStateTag } from '../shared/form-state-tag.tsx';
import { redFormQuery } from '../shared/queries.ts';
import { RedInvoiceLink } from '../shared/red-invoice-link.tsx';

/** The form just submitted: its state at the bureau, the countdown while pending, then its red invoice. */
export function FormResult({ formId }: { formId: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data: form } = useQuery(redFormQuery(formId));
  const [busy, setBusy] = useState(false);
  const redStatus = form?.redInvoice?.status;
  // The blue invoice's state and remainder change when the red invoice is issued.
  useEffect(() => {
    if (redStatus) void qc.invalidateQueries({ queryKey: ['red-letter', 'blue'] });
  }, [redStatus, qc]);
  if (!form) return null;
  const usable = RED_FORM_USABLE_STATES.includes(form.state) && !form.redInvoice;
  const issue = () => {
    setBusy(true);
    call(issueRedInvoice, { params: { id: form.id } })
      .then(
        async () => {
          toast.success(t('redLetter.issueAccepted'));
          await qc.invalidateQueries({ queryKey: ['red-letter'] });
        },
        () => undefined,
      )
      .finally(() => setBusy(false));
  };
  return (
    <Alert
      style={{ marginTop: 16 }}
      type={usable || form.redInvoice ? 'success' : 'info'}
      title={t('redLetter.fill.submitted')}
      description={
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('redLetter.form.formNo')}>
            <span data-testid="red-form-no">{form.formNo}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('redLetter.form.state')}>
            <Space>
              <FormStateTag state={form.state} />
              <DeadlineCountdown deadline={form.deadline} />
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('redLetter.form.redTotal')}>{fen(-form.totalFen)}</Descriptions.Item>
          {form.redInvoice ? (
            <Descriptions.Item label={t('redLetter.form.redInvoice')}>
              <RedInvoiceLink red={form.redInvoice} />
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('redLetter.form.next')}>
            <Space>
              {usable ? (
                <Can code="invoiceDetails:btn_issueRed">
                  <Button type="primary" danger loading={busy} onClick={issue} data-testid="red-issue">
                    {t('redLetter.action.issueRed')}
                  </Button>
                </Can>
              ) : null}
              <Link to="/outputInvoiceManager/invoiceDetails">{t('redLetter.fill.toList')}</Link>
            </Space>
          </Descriptions.Item>
        </Descriptions>
      }
    />
  );
}
