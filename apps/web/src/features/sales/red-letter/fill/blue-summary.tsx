import type { BlueInvoiceReply } from '@fpy/contracts';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format.ts';
import { fen } from '../../../../entities/invoice/money.ts';
import { InvoiceStatusTag } from '../../../../entities/invoice/status-tag.tsx';
import { invoiceTypeName } from '../../../../entities/invoice/invoice-type.ts';

/** The blue invoice being reversed: who, how much, and how much is still red-able. */
export function BlueSummary({ blue }: { blue: BlueInvoiceReply }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} style={{ marginBottom: 16 }}>
      <Descriptions.Item label={t('redLetter.blue.number')}>{blue.number}</Descriptions.Item>
      <Descriptions.Item label={t('redLetter.blue.type')}>{invoiceTypeName(t, blue.type)}</Descriptions.Item>
      <Descriptions.Item label={t('redLetter.blue.status')}>
        <span data-testid="red-blue-status">
          <InvoiceStatusTag status={blue.status} />
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('redLetter.blue.buyer')}>{blue.buyerName}</Descriptions.Item>
      <Descriptions.Item label={t('redLetter.blue.issuedAt')}>
        {formatDateTime(blue.issuedAt)}
      </Descriptions.Item>
      <Descriptions.Item label={t('redLetter.blue.nature')}>
        {t(`redLetter.nature.${blue.nature}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t('redLetter.blue.total')}>
        {fen(blue.amountFen)} + {fen(blue.taxFen)} = {fen(blue.totalFen)}
      </Descriptions.Item>
      <Descriptions.Item label={t('redLetter.blue.remaining')} span={2}>
        <span data-testid="red-blue-remaining">
          {fen(blue.remainingAmountFen)} + {fen(blue.remainingTaxFen)} ={' '}
          {fen(blue.remainingAmountFen + blue.remainingTaxFen)}
        </span>
      </Descriptions.Item>
    </Descriptions>
  );
}
