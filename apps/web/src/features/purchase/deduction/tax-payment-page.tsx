import { currentSelectionPeriod } from '@fpy/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Space, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fen } from '../../../entities/invoice/money.ts';
import { taxPaymentQuery } from './deduction-api.ts';
import { initialPeriod, PeriodPicker } from './period-picker.tsx';
import { PERIOD_STATE_COLOUR } from './period-summary.tsx';

/**
 * Spec §2.12 /receiptsInvoice/taxPayment (税款测算, issue 31 lane DEDUCT): the period's output tax (the sales side's
 * invoices issued in it) against the input tax selected / confirmed for it and the credit carried in → tax payable
 * or credit carried forward, integer fen through @fpy/domain taxPayable.
 */
export default function TaxPaymentPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(() =>
    initialPeriod(currentSelectionPeriod(dayjs().format('YYYY-MM-DD'))),
  );
  const { data } = useQuery(taxPaymentQuery(period));
  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }} size="large">
        <Space wrap>
          <span>{t('deduction.period')}</span>
          <PeriodPicker value={period} onChange={setPeriod} />
          {data && (
            <Tag color={PERIOD_STATE_COLOUR[data.periodState]}>
              {t(`deduction.periodState.${data.periodState}`)}
            </Tag>
          )}
        </Space>
        {data && (
          <>
            <Space size={48} wrap>
              <Statistic title={t('deduction.tax.output')} value={fen(data.output.taxFen)} />
              <Statistic
                title={`${t('deduction.tax.input')}（${t(data.inputConfirmed ? 'deduction.tax.inputConfirmed' : 'deduction.tax.inputSelected')}）`}
                value={fen(data.input.taxFen)}
              />
              <Statistic title={t('deduction.tax.carried')} value={fen(data.carriedCreditFen)} />
              <Statistic
                title={t('deduction.tax.payable')}
                value={fen(data.payableFen)}
                valueStyle={{ color: data.payableFen > 0 ? '#cf1322' : undefined }}
              />
              <Statistic title={t('deduction.tax.carryForward')} value={fen(data.carryForwardFen)} />
            </Space>
            <Descriptions bordered size="small" column={2}>
              <Descriptions.Item label={t('deduction.tax.output')}>
                {t('deduction.tax.count', { count: data.output.count })} · {fen(data.output.amountFen)} /{' '}
                {fen(data.output.taxFen)}
              </Descriptions.Item>
              <Descriptions.Item label={t('deduction.tax.input')}>
                {t('deduction.tax.count', { count: data.input.count })} · {fen(data.input.amountFen)} /{' '}
                {fen(data.input.taxFen)}
              </Descriptions.Item>
            </Descriptions>
            <Typography.Paragraph type="secondary">{t('deduction.tax.outputHint')}</Typography.Paragraph>
            <Alert
              type="info"
              showIcon
              message={t('deduction.tax.formula')}
              description={t('deduction.tax.estimate')}
            />
          </>
        )}
      </Space>
    </Card>
  );
}
