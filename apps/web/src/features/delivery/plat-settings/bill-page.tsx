import { type BillMonth, exportBill } from '@fpy/contracts';
import { formatYuan } from '@fpy/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Select, Space, Statistic, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../lib/http.ts';
import { Can } from '../../../lib/permission.tsx';
import { billQuery, ignore } from './plat-api.ts';

const thisYear = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
const YEARS = Array.from({ length: 6 }, (_, i) => thisYear - i);
type BillRow = BillMonth & { key: string };

/**
 * Spec §2.12 /invoicePlat/bill (账单): the company's delivery usage per month — SMS requests, accepted,
 * delivered, failed and the segments charged, e-mails, recharges — with the balance now; read-only, exportable.
 */
export default function BillPage() {
  const { t } = useTranslation();
  const [year, setYear] = useState(thisYear);
  const [exporting, setExporting] = useState(false);
  const { data, isFetching } = useQuery(billQuery(year));

  const num = (key: keyof BillMonth, group?: string) => ({
    title: t(`plat.bill.${key}`),
    dataIndex: key,
    key: `${group ?? ''}${key}`,
    align: 'right' as const,
    width: 96,
  });
  const columns: TableColumnsType<BillRow> = [
    { title: t('plat.bill.month'), dataIndex: 'month', width: 100, fixed: 'left' },
    {
      title: t('plat.bill.sms'),
      children: [num('smsTotal'), num('smsAccepted'), num('smsDelivered'), num('smsFailed'), num('smsUnits')],
    },
    {
      title: t('plat.bill.email'),
      children: [num('emailTotal'), num('emailAccepted'), num('emailDelivered'), num('emailFailed')],
    },
    {
      title: t('plat.bill.recharge'),
      children: [num('rechargeAmount'), { ...num('rechargePaidFen'), render: (v: number) => formatYuan(v) }],
    },
  ];
  const rows: BillRow[] = data
    ? [
        ...data.months.map((m) => ({ ...m, key: m.month })),
        { ...data.totals, month: t('plat.bill.total'), key: 'total' },
      ]
    : [];

  return (
    <Card
      title={t('plat.bill.title')}
      extra={
        <Space>
          <Select
            value={year}
            onChange={setYear}
            options={YEARS.map((y) => ({ value: y, label: t('plat.bill.year', { year: y }) }))}
            style={{ width: 110 }}
            aria-label={t('plat.bill.yearLabel')}
          />
          <Can code="bill:btn_export">
            <Button
              loading={exporting}
              onClick={() => {
                setExporting(true);
                download(exportBill, { query: { year } })
                  .catch(ignore)
                  .finally(() => setExporting(false));
              }}
            >
              {t('plat.export')}
            </Button>
          </Can>
        </Space>
      }
    >
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Statistic title={t('plat.bill.balance')} value={data?.balance?.balance ?? 0} loading={!data} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('plat.bill.used')} value={data?.balance?.used ?? 0} loading={!data} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('plat.bill.yearUnits')} value={data?.totals.smsUnits ?? 0} loading={!data} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('plat.bill.yearEmails')} value={data?.totals.emailTotal ?? 0} loading={!data} />
        </Col>
      </Row>
      {data?.balance && data.balance.balance < data.balance.warnBelow && (
        <Alert
          type="warning"
          showIcon
          title={t('plat.bill.low', { balance: data.balance.balance, warn: data.balance.warnBelow })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<BillRow>
        size="small"
        bordered
        loading={isFetching}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1300 }}
        rowClassName={(r) => (r.key === 'total' ? 'ant-table-row-selected' : '')}
      />
    </Card>
  );
}
