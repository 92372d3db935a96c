import type { DeductionPeriodView } from '@fpy/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Steps, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fen } from '../../../entities/invoice/money.ts';
import { useCan } from '../../../lib/permission.tsx';
import { overviewQuery, periodLabel } from './deduction-api.ts';
import { PERIOD_STATE_COLOUR, PeriodSummary } from './period-summary.tsx';

const STEP_OF: Record<string, number> = { open: 0, stats_applied: 1, confirmed: 2 };

/**
 * Spec §2.11 /receiptsOperation (勾选确认, a layout page of every company account; issue 31 lane DEDUCT): where the
 * company's deduction stands — the current 税款所属期 as three steps (勾选 → 申请统计 → 确认签名) with its totals, and
 * the last six periods — linking to 发票勾选 and 统计确认 (and 税款测算) for the periods the user may work on.
 */
export default function ReceiptsOperationPage() {
  const { t } = useTranslation();
  const { data } = useQuery(overviewQuery());
  const canSelect = useCan('checkAuthority');
  const canConfirm = useCan('confirmPwd');
  const canTax = useCan('taxPayment');
  const current = data?.periods.find((p) => p.period === data.current);

  const links = (period: string) => (
    <Space size={4} wrap>
      {canSelect && (
        <Link to={`/receiptsInvoice/checkAuthority?period=${period}`}>
          {t('deduction.overview.toSelect')}
        </Link>
      )}
      {canConfirm && (
        <Link to={`/receiptsInvoice/confirmPwd?period=${period}`}>{t('deduction.overview.toConfirm')}</Link>
      )}
      {canTax && (
        <Link to={`/receiptsInvoice/taxPayment?period=${period}`}>{t('deduction.overview.toTax')}</Link>
      )}
    </Space>
  );

  const columns: TableProps<DeductionPeriodView>['columns'] = [
    { title: t('deduction.period'), dataIndex: 'period', render: (v: string) => periodLabel(v) },
    {
      title: t('deduction.state'),
      dataIndex: 'state',
      render: (v: string) => <Tag color={PERIOD_STATE_COLOUR[v]}>{t(`deduction.periodState.${v}`)}</Tag>,
    },
    { title: t('deduction.selectedCount'), dataIndex: ['selected', 'count'], align: 'right' },
    {
      title: t('deduction.selectedTax'),
      key: 'tax',
      align: 'right',
      render: (_: unknown, r) => fen(r.selected.taxFen),
    },
    { title: t('deduction.deadline'), dataIndex: 'deadline' },
    { title: t('deduction.overview.actions'), key: 'actions', render: (_: unknown, r) => links(r.period) },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title={t('deduction.overview.title')}>
        <Typography.Paragraph type="secondary">{t('deduction.overview.intro')}</Typography.Paragraph>
        {current && (
          <Space direction="vertical" style={{ width: '100%' }} size="middle">
            <Typography.Title level={5}>
              {t('deduction.overview.current')}：{periodLabel(current.period)}
            </Typography.Title>
            <Steps
              current={STEP_OF[current.state]}
              status={current.state === 'confirmed' ? 'finish' : 'process'}
              items={[
                { title: t('deduction.overview.step.select') },
                { title: t('deduction.overview.step.stats') },
                { title: t('deduction.overview.step.confirm') },
              ]}
            />
            <PeriodSummary p={current} />
            <Space>
              {canSelect && current.state === 'open' && (
                <Link to={`/receiptsInvoice/checkAuthority?period=${current.period}`}>
                  <Button type="primary">{t('deduction.overview.toSelect')}</Button>
                </Link>
              )}
              {canConfirm && (
                <Link to={`/receiptsInvoice/confirmPwd?period=${current.period}`}>
                  <Button>{t('deduction.overview.toConfirm')}</Button>
                </Link>
              )}
            </Space>
          </Space>
        )}
      </Card>
      <Card title={t('deduction.overview.recent')}>
        <Table<DeductionPeriodView>
          rowKey="period"
          size="middle"
          pagination={false}
          columns={columns}
          dataSource={data?.periods ?? []}
        />
      </Card>
    </Space>
  );
}
