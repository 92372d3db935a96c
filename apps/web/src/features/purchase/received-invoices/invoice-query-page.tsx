import {
  RECEIVED_SOURCES,
  RECEIVED_ZIP_MAX,
  RECEIVED_STATES,
  type ReceivedInvoiceRowView,
} from '@fpy/contracts';
import { InvoiceType, TaxRate } from '@fpy/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  Select,
  Space,
  Table,
  type TableProps,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { toast } from '../../../lib/feedback.ts';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../crud/paged-table.tsx';
import { fen } from '../../../entities/invoice/money.ts';
import { receivedIntakeContributions } from '../../../entities/received-invoice/intake-slot.ts';
import { DATE_FORMAT, datePresets, formatDateTime } from '../../../lib/format.ts';
import { Can } from '../../../lib/permission.tsx';
import {
  detailQuery,
  downloadFiles,
  exportList,
  listQuery,
  type ReceivedExportQuery,
  receivedKeys,
  syncNow,
  syncStatusQuery,
} from './received-api.ts';

interface FormValues {
  seller?: string;
  number?: string;
  period?: Dayjs | null;
  range?: [Dayjs | null, Dayjs | null] | null;
  type?: string;
  state?: string;
  rate?: string;
  source?: string;
  amountMin?: string;
  amountMax?: string;
}

const STATE_COLOUR: Record<string, string> = {
  normal: 'green',
  red: 'red',
  voided: 'default',
  abnormal: 'orange',
};
const YUAN = /^(\d{1,12}(\.\d{1,2})?)?$/;

/**
 * Spec §2.12 /receiptsInvoice/invoiceQuery (发票查询, purchase side): every invoice addressed to the company's tax
 * number — collected from the bureau on a schedule or now (立即同步), or taken in from files and hand entry — with
 * filters (supplier, 属期, dates, type, state, rate, source, amount), sums, Excel export, and a drawer with the lines
 * and the history of every change seen (red-lettered, voided, abnormal, another source).
 */
export default function InvoiceQueryPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [filters, setFilters] = useState<ReceivedExportQuery>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const [open, setOpen] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const { data, isFetching } = useQuery(
    listQuery({ ...filters, page: paging.page, limit: paging.limit, sort: paging.sort }),
  );
  const status = useQuery(syncStatusQuery());
  const sync = useMutation({
    mutationFn: syncNow,
    onSuccess: (r) => {
      toast.success(t('purchaseReceived.synced', { created: r.created, changed: r.changed }));
      void client.invalidateQueries({ queryKey: receivedKeys.all });
    },
  });

  const submit = ({ range, period, seller, number, amountMin, amountMax, ...rest }: FormValues) => {
    setFilters({
      ...rest,
      seller: seller?.trim() || undefined,
      number: number?.trim() || undefined,
      amountMin: amountMin?.trim() || undefined,
      amountMax: amountMax?.trim() || undefined,
      period: period ? period.format('YYYYMM') : undefined,
      dateFrom: range?.[0]?.format(DATE_FORMAT),
      dateTo: range?.[1]?.format(DATE_FORMAT),
    });
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const columns: TableProps<ReceivedInvoiceRowView>['columns'] = [
    { title: t('purchaseReceived.field.issueDate'), dataIndex: 'issueDate', width: 110, sorter: true },
    {
      title: t('purchaseReceived.field.number'),
      key: 'number',
      render: (_: unknown, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r.id)}>
          {r.code ? `${r.code}-${r.number}` : r.number}
        </Button>
      ),
    },
    {
      title: t('purchaseReceived.field.type'),
      dataIndex: 'invoiceType',
      render: (v: string, r) => (
        <Space size={4}>
          {t(`purchaseReceived.type.${v}`, { defaultValue: v })}
          {r.colour === 'red' && <Tag color="red">{t('purchaseReceived.redInvoice')}</Tag>}
        </Space>
      ),
    },
    { title: t('purchaseReceived.field.seller'), dataIndex: 'sellerName', ellipsis: true },
    {
      title: t('purchaseReceived.field.amount'),
      dataIndex: 'amountFen',
      align: 'right',
      render: (v: number) => fen(v),
    },
    {
      title: t('purchaseReceived.field.tax'),
      dataIndex: 'taxFen',
      align: 'right',
      render: (v: number) => fen(v),
    },
    {
      title: t('purchaseReceived.field.total'),
      dataIndex: 'totalFen',
      align: 'right',
      sorter: true,
      render: (v: number) => fen(v),
    },
    {
      title: t('purchaseReceived.field.rate'),
      dataIndex: 'rates',
      render: (v: string[]) =>
        v.map((r) => t(`purchaseReceived.rate.${r}`)).join(t('purchaseReceived.listSep')),
    },
    {
      title: t('purchaseReceived.field.state'),
      dataIndex: 'state',
      render: (v: string) => <Tag color={STATE_COLOUR[v]}>{t(`purchaseReceived.state.${v}`)}</Tag>,
    },
    {
      title: t('purchaseReceived.field.source'),
      dataIndex: 'sources',
      render: (v: string[]) =>
        v.map((s) => t(`purchaseReceived.source.${s}`)).join(t('purchaseReceived.listSep')),
    },
  ];

  return (
    <Card>
      <Form<FormValues>
        form={form}
        layout="inline"
        name="received-invoice-filters"
        onFinish={submit}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="seller" label={t('purchaseReceived.field.seller')}>
          <Input
            allowClear
            maxLength={100}
            style={{ width: 180 }}
            placeholder={t('purchaseReceived.sellerHint')}
          />
        </Form.Item>
        <Form.Item
          name="number"
          label={t('purchaseReceived.field.number')}
          rules={[{ pattern: /^\d*$/, message: t('purchaseReceived.rule.digits') }]}
        >
          <Input allowClear maxLength={20} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="period" label={t('purchaseReceived.field.period')}>
          <DatePicker picker="month" />
        </Form.Item>
        <Form.Item name="range" label={t('purchaseReceived.field.issueDate')}>
          <DatePicker.RangePicker presets={datePresets()} />
        </Form.Item>
        <Form.Item name="type" label={t('purchaseReceived.field.type')}>
          <Select
            allowClear
            style={{ width: 200 }}
            options={Object.values(InvoiceType).map((v) => ({
              value: v,
              label: t(`purchaseReceived.type.${v}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="state" label={t('purchaseReceived.field.state')}>
          <Select
            allowClear
            style={{ width: 110 }}
            options={RECEIVED_STATES.map((v) => ({ value: v, label: t(`purchaseReceived.state.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="rate" label={t('purchaseReceived.field.rate')}>
          <Select
            allowClear
            style={{ width: 100 }}
            options={Object.values(TaxRate).map((v) => ({
              value: v,
              label: t(`purchaseReceived.rate.${v}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="source" label={t('purchaseReceived.field.source')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={RECEIVED_SOURCES.map((v) => ({ value: v, label: t(`purchaseReceived.source.${v}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="amountMin"
          label={t('purchaseReceived.field.totalFrom')}
          rules={[{ pattern: YUAN, message: t('purchaseReceived.rule.yuan') }]}
        >
          <Input allowClear style={{ width: 110 }} />
        </Form.Item>
        <Form.Item
          name="amountMax"
          label={t('purchaseReceived.field.totalTo')}
          rules={[{ pattern: YUAN, message: t('purchaseReceived.rule.yuan') }]}
        >
          <Input allowClear style={{ width: 110 }} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit">
            {t('purchaseReceived.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              submit({});
            }}
          >
            {t('purchaseReceived.reset')}
          </Button>
          <Can code="invoiceQuery:btn_export">
            <Button onClick={() => exportList(filters).catch(() => {})}>
              {t('purchaseReceived.export')}
            </Button>
          </Can>
          <Can code="invoiceQuery:btn_download">
            <Button disabled={!selected.length} onClick={() => downloadFiles(selected).catch(() => {})}>
              {t('purchaseReceived.downloadFiles', { count: selected.length })}
            </Button>
          </Can>
          <Can code="invoiceQuery:btn_sync">
            <Button loading={sync.isPending} onClick={() => sync.mutate()}>
              {t('purchaseReceived.syncNow')}
            </Button>
          </Can>
          {receivedIntakeContributions().map(({ key, Toolbar }) => (
            <Toolbar
              key={key}
              onCollected={() => void client.invalidateQueries({ queryKey: receivedKeys.all })}
            />
          ))}
        </Space>
      </Form>
      <Typography.Paragraph type="secondary">
        {status.data?.lastRunAt
          ? t('purchaseReceived.lastSync', { at: formatDateTime(status.data.lastRunAt) })
          : t('purchaseReceived.neverSynced')}
        {data && (
          <>
            {' · '}
            {t('purchaseReceived.sums', {
              count: data.total,
              amount: fen(data.sums.amountFen),
              tax: fen(data.sums.taxFen),
              total: fen(data.sums.totalFen),
            })}
          </>
        )}
      </Typography.Paragraph>
      <PagedTable<ReceivedInvoiceRowView>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected((keys as number[]).slice(0, RECEIVED_ZIP_MAX)),
        }}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        width={760}
        title={t('purchaseReceived.detail')}
        destroyOnHidden
      >
        {open !== null && <Detail id={open} />}
      </Drawer>
    </Card>
  );
}

function Detail({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data } = useQuery(detailQuery(id));
  if (!data) return null;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={t('purchaseReceived.field.number')} span={2}>
          {data.code ? `${data.code}-${data.number}` : data.number}
        </Descriptions.Item>
        <Descriptions.Item label={t('purchaseReceived.field.type')}>
          {t(`purchaseReceived.type.${data.invoiceType}`, { defaultValue: data.invoiceType })}
        </Descriptions.Item>
        <Descriptions.Item label={t('purchaseReceived.field.state')}>
          <Tag color={STATE_COLOUR[data.state]}>{t(`purchaseReceived.state.${data.state}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('purchaseReceived.field.seller')}>{data.sellerName}</Descriptions.Item>
        <Descriptions.Item label={t('purchaseReceived.field.sellerTax')}>
          {data.sellerTaxNumber}
        </Descriptions.Item>
        <Descriptions.Item label={t('purchaseReceived.field.buyer')}>{data.buyerName}</Descriptions.Item>
        <Descriptions.Item label={t('purchaseReceived.field.buyerTax')}>
          {data.buyerTaxNumber}
        </Descriptions.Item>
        <Descriptions.Item label={t('purchaseReceived.field.issueDate')}>{data.issueDate}</Descriptions.Item>
        <Descriptions.Item label={t('purchaseReceived.field.period')}>{data.period}</Descriptions.Item>
        <Descriptions.Item label={t('purchaseReceived.field.amount')}>
          {fen(data.amountFen)}
        </Descriptions.Item>
        <Descriptions.Item label={t('purchaseReceived.field.tax')}>{fen(data.taxFen)}</Descriptions.Item>
        <Descriptions.Item label={t('purchaseReceived.field.total')}>{fen(data.totalFen)}</Descriptions.Item>
        {data.blueNumber && (
          <Descriptions.Item label={t('purchaseReceived.field.blueNumber')}>
            {data.blueNumber}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Table
        size="small"
        rowKey="lineNo"
        pagination={false}
        dataSource={data.lines.map((l, lineNo) => ({
          ...l,
          lineNo,
          code: data.lineCodes.find((c) => c.lineNo === lineNo),
        }))}
        columns={[
          { title: t('purchaseReceived.field.lineName'), dataIndex: 'name' },
          {
            title: t('purchaseReceived.field.amount'),
            dataIndex: 'amountFen',
            align: 'right',
            render: (v: number) => fen(v),
          },
          {
            title: t('purchaseReceived.field.rate'),
            dataIndex: 'rate',
            render: (v: string) => t(`purchaseReceived.rate.${v}`),
          },
          {
            title: t('purchaseReceived.field.tax'),
            dataIndex: 'taxFen',
            align: 'right',
            render: (v: number) => fen(v),
          },
          {
            title: t('purchaseReceived.field.lineCode'),
            dataIndex: 'code',
            render: (c?: { subjectCode: string; subjectName: string; materialCode: string | null }) =>
              c ? (
                <span data-testid="line-code">
                  {c.subjectCode} {c.subjectName}
                  {c.materialCode ? ` / ${c.materialCode}` : ''}
                </span>
              ) : (
                <Typography.Text type="secondary">{t('purchaseReceived.notCoded')}</Typography.Text>
              ),
          },
        ]}
      />
      <Typography.Title level={5}>{t('purchaseReceived.history')}</Typography.Title>
      <Timeline
        items={data.changes.map((c) => ({
          key: c.id,
          color: c.kind === 'state' ? STATE_COLOUR[c.toState ?? ''] : 'blue',
          children: (
            <>
              <Typography.Text strong>
                {c.kind === 'state'
                  ? t('purchaseReceived.change.state', {
                      from: t(`purchaseReceived.state.${c.fromState}`),
                      to: t(`purchaseReceived.state.${c.toState}`),
                    })
                  : t(`purchaseReceived.change.${c.kind}`, {
                      state: t(`purchaseReceived.state.${c.toState ?? 'normal'}`),
                    })}
              </Typography.Text>
              <div>
                <Typography.Text type="secondary">
                  {t(`purchaseReceived.source.${c.source}`)} · {formatDateTime(c.happenedAt ?? c.createdAt)}
                </Typography.Text>
              </div>
            </>
          ),
        }))}
      />
    </Space>
  );
}
