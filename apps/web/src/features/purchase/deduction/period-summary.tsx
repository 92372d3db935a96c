import type { DeductionPeriodView } from '@fpy/contracts';
import { Alert, Descriptions, Space, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { fen } from '../../../entities/invoice/money.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { periodLabel, reasonText } from './deduction-api.ts';

export const PERIOD_STATE_COLOUR: Record<string, string> = {
  open: 'blue',
  stats_applied: 'orange',
  confirmed: 'green',
};

/** The period's state, deadline and running totals (shared by the three deduction pages). */
export function PeriodSummary({ p }: { p: DeductionPeriodView }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space size="large" wrap align="start">
        <Statistic title={t('deduction.period')} value={periodLabel(p.period)} />
        <Statistic
          title={t('deduction.state')}
          valueRender={() => (
            <Tag color={PERIOD_STATE_COLOUR[p.state]} data-testid="period-state">
              {t(`deduction.periodState.${p.state}`)}
            </Tag>
          )}
        />
        <Statistic title={t('deduction.selectedCount')} value={p.selected.count} />
        <Statistic title={t('deduction.selectedAmount')} value={fen(p.selected.amountFen)} />
        <Statistic
          title={t('deduction.selectedTax')}
          value={fen(p.selected.taxFen)}
          valueStyle={{ color: '#1677ff' }}
        />
        <Statistic title={t('deduction.deadline')} value={p.deadline} />
      </Space>
      {p.pending > 0 && (
        <Alert type="info" showIcon message={t('deduction.pendingHint', { count: p.pending })} />
      )}
      {p.flagged > 0 && (
        <Alert type="warning" showIcon message={t('deduction.flaggedHint', { count: p.flagged })} />
      )}
      {p.closedReason && <Alert type="warning" showIcon message={reasonText(p.closedReason)} />}
      {p.stats && (
        <Descriptions size="small" bordered column={4}>
          <Descriptions.Item label={t('deduction.statsCount')}>{p.stats.count}</Descriptions.Item>
          <Descriptions.Item label={t('deduction.statsAmount')}>{fen(p.stats.amountFen)}</Descriptions.Item>
          <Descriptions.Item label={t('deduction.statsTax')}>{fen(p.stats.taxFen)}</Descriptions.Item>
          <Descriptions.Item label={t('deduction.statsAt')}>
            {p.statsAppliedAt ? formatDateTime(p.statsAppliedAt) : '—'}
          </Descriptions.Item>
          {p.confirmedAt && (
            <Descriptions.Item label={t('deduction.confirmedAt')} span={4}>
              {t('deduction.confirmedBy', {
                at: formatDateTime(p.confirmedAt),
                who: p.confirmedByName ?? '—',
              })}
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Space>
  );
}
