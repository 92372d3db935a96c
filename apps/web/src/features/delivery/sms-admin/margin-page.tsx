import { exportSmsMargins, listSmsMargins, type SmsMarginRow } from '@fpy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Select, Space, Table, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, thousands } from '../../../lib/format.ts';
import { call, download } from '../../../lib/http.ts';
import { Can } from '../../../lib/permission.tsx';
import { RechargeDialog } from './recharge-dialog.tsx';
import { smsKeys, useIsPlatform } from './sms-api.ts';
import { WarnDialog } from './warn-dialog.tsx';

type Filters = { tenantName?: string; low?: 'true' | 'false' };

/**
 * 短信余量 (/smsMessage/smsMargin): every company's SMS balance for platform accounts, a company's own for its
 * users — with a warning when it is below the threshold. Thresholds are edited here; recharges (platform) too.
 */
export default function MarginPage() {
  const { t } = useTranslation();
  const platform = useIsPlatform();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ page: 1, limit: 20, sort: undefined as string | undefined });
  const [editing, setEditing] = useState<SmsMarginRow | null>(null);
  const [recharging, setRecharging] = useState<SmsMarginRow | null>(null);
  const query = { ...filters, ...paging };
  const { data, isFetching } = useQuery({
    queryKey: [...smsKeys.margins, query],
    queryFn: ({ signal }) => call(listSmsMargins, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const low = (data?.rows ?? []).filter((r) => r.low);

  const columns: TableProps<SmsMarginRow>['columns'] = [
    { title: t('smsAdmin.margin.tenant'), dataIndex: 'tenantName', sorter: true, ellipsis: true },
    {
      title: t('smsAdmin.margin.balance'),
      dataIndex: 'balance',
      sorter: true,
      align: 'right',
      width: 130,
      render: (v: number) => thousands(v),
    },
    {
      title: t('smsAdmin.margin.used'),
      dataIndex: 'used',
      sorter: true,
      align: 'right',
      width: 120,
      render: (v: number) => thousands(v),
    },
    {
      title: t('smsAdmin.margin.warnBelow'),
      dataIndex: 'warnBelow',
      sorter: true,
      align: 'right',
      width: 120,
      render: (v: number) => thousands(v),
    },
    {
      title: t('smsAdmin.margin.state'),
      dataIndex: 'low',
      width: 110,
      render: (v: boolean) =>
        v ? (
          <Tag color="red">{t('smsAdmin.margin.low')}</Tag>
        ) : (
          <Tag color="green">{t('smsAdmin.margin.ok')}</Tag>
        ),
    },
    {
      title: t('smsAdmin.margin.updatedAt'),
      dataIndex: 'updatedAt',
      width: 170,
      render: (v: string | null) => (v ? formatDateTime(v) : ''),
    },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      width: 170,
      render: (_: unknown, row: SmsMarginRow) => (
        <Space size={4}>
          <Can code="smsMargin:btn_edit">
            <Button type="link" size="small" onClick={() => setEditing(row)}>
              {t('smsAdmin.margin.editWarn')}
            </Button>
          </Can>
          {platform && (
            <Can code="rechargeRecord:btn_add">
              <Button type="link" size="small" onClick={() => setRecharging(row)}>
                {t('smsAdmin.recharge.action')}
              </Button>
            </Can>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('smsAdmin.margin.title')}
      extra={
        <Can code="smsMargin:btn_export">
          <Button
            onClick={() =>
              void download(exportSmsMargins, { query: { ...filters, sort: paging.sort } }).catch(
                () => undefined,
              )
            }
          >
            {t('crud.export')}
          </Button>
        </Can>
      }
    >
      {!platform &&
        low.map((r) => (
          <Alert
            key={r.tenantId}
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            className="sms-low-balance"
            title={t('smsAdmin.margin.lowWarning', { balance: r.balance, warnBelow: r.warnBelow })}
          />
        ))}
      {platform && (
        <Form
          layout="inline"
          style={{ marginBottom: 16 }}
          onFinish={(v: Filters) => {
            setFilters({ tenantName: v.tenantName || undefined, low: v.low || undefined });
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        >
          <Form.Item name="tenantName" label={t('smsAdmin.margin.tenant')}>
            <Input allowClear maxLength={100} />
          </Form.Item>
          <Form.Item name="low" label={t('smsAdmin.margin.state')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={[
                { value: 'true', label: t('smsAdmin.margin.low') },
                { value: 'false', label: t('smsAdmin.margin.ok') },
              ]}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('crud.search')}
            </Button>
          </Form.Item>
        </Form>
      )}
      <Table<SmsMarginRow>
        rowKey="tenantId"
        size="middle"
        className="sms-margin-table"
        scroll={{ x: 'max-content' }}
        loading={isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        onChange={(p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const sort =
            s?.order && s.field ? `${s.order === 'descend' ? '-' : ''}${String(s.field)}` : undefined;
          setPaging({ page: p.current ?? 1, limit: p.pageSize ?? 20, sort });
        }}
        pagination={{
          current: paging.page,
          pageSize: paging.limit,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('crud.total', { total }),
        }}
      />
      {editing && <WarnDialog row={editing} onClose={() => setEditing(null)} />}
      {recharging && (
        <RechargeDialog
          tenant={{ id: recharging.tenantId, name: recharging.tenantName }}
          onClose={() => setRecharging(null)}
        />
      )}
    </Card>
  );
}
