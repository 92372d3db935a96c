import type { InvoiceStatus } from '@fpy/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<InvoiceStatus, string> = {
  draft: 'default',
  pending_review: 'gold',
  ready: 'blue',
  issuing: 'processing',
  issued: 'green',
  failed: 'red',
  partly_red: 'magenta',
  red: 'volcano',
  void: 'default',
};

/** The state of an invoice as a coloured tag, labelled in the UI language. */
export function InvoiceStatusTag({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[status]}>{t(`invoiceStatus.${status}`)}</Tag>;
}
