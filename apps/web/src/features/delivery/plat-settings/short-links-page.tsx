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
import { Button, Card, InputNumber, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BulkAction, BulkToolbar } from '../../../crud/bulk-toolbar.tsx';
import { type ColumnFilters, ColumnSearch, type SearchableColumn } from '../../../crud/column-search.tsx';
import { PagedTable, type Paging } from '../../../crud/paged-table.tsx';
import { toast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { call, download } from '../../../lib/http.ts';
import { Can } from '../../../lib/permission.tsx';
import { ignore, platKeys, shortLinksQuery } from './plat-api.ts';

const STATUS_COLOR = { active: 'green', expired: 'default', disabled: 'red' } as const;

/**
 * Spec §2.12 /invoicePlat/shorturl: the company's buyer links — which invoice, when made, until when, how often
 * opened — with disable, extend and expire on the ticked links (each its own contract, audited on the server)
 * and an Excel export of the filtered list. One columns array draws the table and the search form.
 */
export default function ShortLinksPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [filters, setFilters] = useState<ColumnFilters>({});
  const [page, setPage] = useState<Paging>({ page: 1, limit: 20 });
  const [selected, setSelected] = useState<string[]>([]);
  const [extending, setExtending] = useState(false);
  const [days, setDays] = useState<number | null>(30);
  const [exporting, setExporting] = useState(false);
  const { data, isFetching } = useQuery(shortLinksQuery({ ...filters, ...page } as ShortLinkQuery));

  const done = async (updated: number) => {
    toast.success(t('plat.links.updated', { count: updated }));
    setSelected([]);
    await qc.invalidateQueries({ queryKey: platKeys.links });
  };
  const disable = (codes: string[]) =>
    call(disableShortLinks, { body: { codes } }).then((r) => done(r.updated), ignore);
  const expire = (codes: string[]) =>
    call(expireShortLinks, { body: { codes } }).then((r) => done(r.updated), ignore);
  const extend = () =>
    days &&
    call(extendShortLinks, { body: { codes: selected, days } }).then(async (r) => {
      setExtending(false);
      await done(r.updated);
    }, ignore);
  const exportList = () => {
    setExporting(true);
    download(exportShortLinks, { query: filters as ShortLinkQuery })
      .catch(ignore)
      .finally(() => setExporting(false));
  };

  const bulk: BulkAction<string>[] = [
    {
      key: 'disable',
      label: t('plat.links.disableSelected'),
      code: 'shorturl:btn_disable',
      danger: true,
      confirm: t('plat.links.confirmDisable', { count: selected.length }),
      run: disable,
    },
    {
      key: 'extend',
      label: t('plat.links.extendSelected'),
      code: 'shorturl:btn_extend',
      run: () => setExtending(true),
    },
    {
      key: 'expire',
      label: t('plat.links.expireSelected'),
      code: 'shorturl:btn_expire',
      confirm: t('plat.links.confirmExpire', { count: selected.length }),
      run: expire,
    },
  ];

  const time = (v: string | null) => (v ? formatDateTime(v) : '—');
  const columns: SearchableColumn<ShortLinkRow>[] = [
    {
      title: t('plat.links.code'),
      dataIndex: 'code',
      width: 220,
      search: { kind: 'text', maxLength: 32, width: 160 },
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
      search: { kind: 'text', maxLength: 20, width: 200 },
      render: (v: string | null, r) => (
        <Space size={4}>
          {v ?? '—'}
          {r.invoiceCount > 1 && <Tag>{t('plat.links.batch', { count: r.invoiceCount })}</Tag>}
        </Space>
      ),
    },
    {
      title: t('plat.links.buyerName'),
      dataIndex: 'buyerName',
      ellipsis: true,
      search: { kind: 'text', maxLength: 100 },
      render: (v) => v ?? '—',
    },
    {
      title: t('plat.links.status'),
      dataIndex: 'status',
      width: 90,
      search: {
        kind: 'select',
        options: SHORT_LINK_STATUSES.map((s) => ({ value: s, label: t(`plat.links.statuses.${s}`) })),
      },
      render: (s: ShortLinkRow['status']) => (
        <Tag color={STATUS_COLOR[s]}>{t(`plat.links.statuses.${s}`)}</Tag>
      ),
    },
    {
      title: t('plat.links.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      sorter: true,
      search: { kind: 'dateRange', from: 'dateFrom', to: 'dateTo' },
      render: time,
    },
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
      <ColumnSearch
        columns={columns}
        onSearch={(f) => {
          setFilters(f);
          setPage((p) => ({ ...p, page: 1 }));
        }}
      />
      <BulkToolbar selected={selected} onClear={() => setSelected([])} actions={bulk}>
        <Can code="shorturl:btn_export">
          <Button onClick={exportList} loading={exporting}>
            {t('plat.export')}
          </Button>
        </Can>
      </BulkToolbar>
      <PagedTable<ShortLinkRow>
        rowKey="code"
        loading={isFetching}
        columns={columns}
        data={data}
        paging={page}
        onPaging={setPage}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
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
