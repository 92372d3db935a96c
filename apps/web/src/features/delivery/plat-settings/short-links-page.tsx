import {
  disableShortLinks,
  exportShortLinks,
  expireShortLinks,
  extendShortLinks,
  SHORT_LINK_PREFIX,
  SHORT_LINK_STATUSES,
  type ShortLinkQuery,
  type ShortLinkRow,
} from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { datePresets, formatDateTime } from '../../../lib/format.ts';
import { call, download } from '../../../lib/http.ts';
import { Can } from '../../../lib/permission.tsx';
import { ignore, platKeys, shortLinksQuery } from './plat-api.ts';

type Filters = Omit<ShortLinkQuery, 'page' | 'limit' | 'sort'>;
interface SearchValues {
  code?: string;
  invoiceNumber?: string;
  buyerName?: string;
  status?: ShortLinkRow['status'];
  created?: [Dayjs, Dayjs] | null;
}
const STATUS_COLOR = { active: 'green', expired: 'default', disabled: 'red' } as const;

/**
 * Spec §2.12 /invoicePlat/shorturl: the company's buyer links — which invoice, when made, until when, how often
 * opened — with disable and extend (both audited on the server) and an Excel export of the filtered list.
 */
export default function ShortLinksPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ page: 1, limit: 20, sort: undefined as string | undefined });
  const [selected, setSelected] = useState<string[]>([]);
  const [extending, setExtending] = useState(false);
  const [days, setDays] = useState<number | null>(30);
  const [exporting, setExporting] = useState(false);
  const query = { ...filters, ...page } as ShortLinkQuery;
  const { data, isFetching } = useQuery(shortLinksQuery(query));

  const search = (v: SearchValues) => {
    setFilters({
      code: v.code || undefined,
      invoiceNumber: v.invoiceNumber || undefined,
      buyerName: v.buyerName || undefined,
      status: v.status,
      dateFrom: v.created?.[0]?.format('YYYY-MM-DD'),
      dateTo: v.created?.[1]?.format('YYYY-MM-DD'),
    });
    setPage((p) => ({ ...p, page: 1 }));
  };

  const done = async (updated: number) => {
    toast.success(t('plat.links.updated', { count: updated }));
    setSelected([]);
    await qc.invalidateQueries({ queryKey: platKeys.links });
  };
  const disable = (codes: string[]) =>
    call(disableShortLinks, { body: { codes } }).then((r) => done(r.updated), ignore);
  const expire = (codes: string[]) =>
    call(expireShortLinks, { body: { codes } }).then((r) => done(r.updated), ignore);
  const extend = () => {
    if (!days) return;
    call(extendShortLinks, { body: { codes: selected, days } }).then(async (r) => {
      setExtending(false);
      await done(r.updated);
    }, ignore);
  };
  const exportList = () => {
    setExporting(true);
    download(exportShortLinks, { query: filters as ShortLinkQuery })
      .catch(ignore)
      .finally(() => setExporting(false));
  };

  const time = (v: string | null) => (v ? formatDateTime(v) : '—');
  const columns: TableColumnsType<ShortLinkRow> = [
    {
      title: t('plat.links.code'),
      dataIndex: 'code',
      width: 220,
      render: (code: string) => (
        <Typography.Text copyable={{ text: `${window.location.origin}${SHORT_LINK_PREFIX}${code}` }} code>
          {code}
        </Typography.Text>
      ),
    },
    {
      title: t('plat.links.invoiceNumber'),
      dataIndex: 'invoiceNumber',
      width: 200,
      render: (v: string | null, r) => (
        <Space size={4}>
          {v ?? '—'}
          {r.invoiceCount > 1 && <Tag>{t('plat.links.batch', { count: r.invoiceCount })}</Tag>}
        </Space>
      ),
    },
    { title: t('plat.links.buyerName'), dataIndex: 'buyerName', ellipsis: true, render: (v) => v ?? '—' },
    {
      title: t('plat.links.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: ShortLinkRow['status']) => (
        <Tag color={STATUS_COLOR[s]}>{t(`plat.links.statuses.${s}`)}</Tag>
      ),
    },
    { title: t('plat.links.createdAt'), dataIndex: 'createdAt', width: 170, sorter: true, render: time },
    {
      title: t('plat.links.expiresAt'),
      dataIndex: 'expiresAt',
      width: 170,
      sorter: true,
      render: (v: string | null) => (v ? formatDateTime(v) : t('plat.links.never')),
    },
    { title: t('plat.links.opens'), dataIndex: 'opens', width: 90, sorter: true, align: 'right' },
    {
      title: t('plat.links.lastOpenedAt'),
      dataIndex: 'lastOpenedAt',
      width: 170,
      sorter: true,
      render: time,
    },
    {
      title: t('plat.links.actions'),
      key: 'actions',
      width: 90,
      render: (_, r) =>
        r.status !== 'disabled' && (
          <Can code="shorturl:btn_disable">
            <Popconfirm
              title={t('plat.links.confirmDisable', { count: 1 })}
              onConfirm={() => disable([r.code])}
            >
              <Button type="link" size="small" danger>
                {t('plat.links.disable')}
              </Button>
            </Popconfirm>
          </Can>
        ),
    },
  ];

  return (
    <Card title={t('plat.links.title')}>
      <Form<SearchValues> layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="code" label={t('plat.links.code')}>
          <Input allowClear maxLength={32} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="invoiceNumber" label={t('plat.links.invoiceNumber')}>
          <Input allowClear maxLength={20} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="buyerName" label={t('plat.links.buyerName')}>
          <Input allowClear maxLength={100} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="status" label={t('plat.links.status')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={SHORT_LINK_STATUSES.map((s) => ({ value: s, label: t(`plat.links.statuses.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="created" label={t('plat.links.createdAt')}>
          <DatePicker.RangePicker presets={datePresets()} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('plat.search')}
            </Button>
            <Button htmlType="reset" onClick={() => search({})}>
              {t('common.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 12 }} wrap>
        <Can code="shorturl:btn_disable">
          <Popconfirm
            title={t('plat.links.confirmDisable', { count: selected.length })}
            onConfirm={() => disable(selected)}
            disabled={!selected.length}
          >
            <Button danger disabled={!selected.length}>
              {t('plat.links.disableSelected')}
            </Button>
          </Popconfirm>
        </Can>
        <Can code="shorturl:btn_extend">
          <Button disabled={!selected.length} onClick={() => setExtending(true)}>
            {t('plat.links.extendSelected')}
          </Button>
        </Can>
        <Can code="shorturl:btn_expire">
          <Popconfirm
            title={t('plat.links.confirmExpire', { count: selected.length })}
            onConfirm={() => expire(selected)}
            disabled={!selected.length}
          >
            <Button disabled={!selected.length}>{t('plat.links.expireSelected')}</Button>
          </Popconfirm>
        </Can>
        <Can code="shorturl:btn_export">
          <Button onClick={exportList} loading={exporting}>
            {t('plat.export')}
          </Button>
        </Can>
      </Space>
      <Table<ShortLinkRow>
        rowKey="code"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        scroll={{ x: 1300 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => t('plat.total', { count: n }),
        }}
        onChange={(p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = s?.order ? String(s.field) : undefined;
          setPage({
            page: p.current ?? 1,
            limit: p.pageSize ?? 20,
            sort: key ? `${s.order === 'descend' ? '-' : ''}${key}` : undefined,
          });
        }}
      />
      <Modal
        open={extending}
        title={t('plat.links.extendTitle', { count: selected.length })}
        onOk={extend}
        onCancel={() => setExtending(false)}
        okButtonProps={{ disabled: !days }}
        maskClosable={false}
        keyboard={false}
      >
        <Typography.Paragraph type="secondary">{t('plat.links.extendHint')}</Typography.Paragraph>
        <InputNumber
          min={1}
          max={3650}
          precision={0}
          value={days}
          onChange={setDays}
          addonAfter={t('plat.delivery.days')}
          data-testid="extend-days"
        />
      </Modal>
    </Card>
  );
}
