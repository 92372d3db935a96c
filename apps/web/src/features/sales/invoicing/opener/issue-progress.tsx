import { downloadInvoiceFile, getInvoice, type InvoiceDetail } from '@fpy/contracts';
import { ANSWERED_STATUSES, type InvoiceStatus } from '@fpy/domain';
import { FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { call, fillPath } from '../../../../lib/http.ts';
import { saveInvoiceFile } from '../../../../entities/invoice/open-invoice-file.ts';
import { fen } from '../../../../entities/invoice/money.ts';
import { InvoiceStatusTag } from '../../../../entities/invoice/status-tag.tsx';

/** States after which nothing happens without a person acting: polling stops there. */
const SETTLED: readonly InvoiceStatus[] = [...ANSWERED_STATUSES, 'pending_review', 'draft'];

/** The PDF's address, for tests and link previews; the click fetches it with the session (saveInvoiceFile). */
const pdfHref = (id: number) => fillPath(downloadInvoiceFile.path, { id, format: 'pdf' });

/** The accepted invoice until the bureau answers: re-read every second, no manual refresh (issue 4 §2). */
export function IssueProgress({ accepted, onNext }: { accepted: InvoiceDetail; onNext: () => void }) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ['invoicing', 'invoice', accepted.id],
    queryFn: ({ signal }) => call(getInvoice, { params: { id: accepted.id }, signal }),
    initialData: accepted,
    refetchInterval: (q) => (q.state.data && SETTLED.includes(q.state.data.status) ? false : 1000),
  });
  const inv = data ?? accepted;
  const status = inv.status;
  const resultStatus = status === 'issued' ? 'success' : status === 'failed' ? 'error' : 'info';
  const title =
    status === 'issued'
      ? t('opener.progress.issued')
      : status === 'failed'
        ? t('opener.progress.failed')
        : status === 'pending_review'
          ? t('opener.progress.pendingReview')
          : t('opener.progress.working');
  return (
    <Result
      status={resultStatus}
      icon={SETTLED.includes(status) ? undefined : <Spin size="large" />}
      title={<span data-testid="issue-result-title">{title}</span>}
      subTitle={status === 'failed' ? inv.failureReason : undefined}
      extra={
        <Space>
          {status === 'issued' ? (
            <Button
              type="primary"
              icon={<FilePdfOutlined />}
              data-testid="pdf-link"
              data-href={pdfHref(inv.id)}
              onClick={() => void saveInvoiceFile(inv, 'pdf')}
            >
              {t('opener.progress.pdf')}
            </Button>
          ) : null}
          <Button onClick={onNext} data-testid="issue-next">
            {t('opener.progress.next')}
          </Button>
        </Space>
      }
    >
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={t('opener.progress.status')}>
          <span data-testid="issue-status">
            <InvoiceStatusTag status={status} />
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('opener.progress.number')}>
          <span data-testid="issue-number">{inv.number ?? '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('opener.progress.buyer')}>{inv.buyerName}</Descriptions.Item>
        <Descriptions.Item label={t('opener.progress.total')}>{fen(inv.totalFen)}</Descriptions.Item>
        <Descriptions.Item label={t('opener.progress.serial')} span={2}>
          {inv.clientSerial}
        </Descriptions.Item>
      </Descriptions>
    </Result>
  );
}
