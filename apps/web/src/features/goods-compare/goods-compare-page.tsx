import { deleteSkuMaps, findSkuMaps, type SkuMapRow } from '@fpy/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Space, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/feedback.ts';
import { formatDateTime } from '../../lib/format.ts';
import { call } from '../../lib/http.ts';
import { Can } from '../../lib/permission.tsx';
import { SkuMapDialog } from './sku-map-dialog.tsx';

/** Spec §2.12 /outputInvoiceManager/goodsCompare: ERP product name / SKU → the tenant's goods code. */
export default function GoodsComparePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const query = { keyword: keyword || undefined, ...paging };
  const { data, isFetching } = useQuery({
    queryKey: ['goodsCompare', 'list', query],
    queryFn: () => call(findSkuMaps, { body: query }),
    placeholderData: keepPreviousData,
  });
  const [dialog, setDialog] = useState<{ open: boolean; row: SkuMapRow | null }>({ open: false, row: null });
  const [selected, setSelected] = useState<number[]>([]);

  const remove = (ids: number[]) =>
    call(deleteSkuMaps, { body: { ids } }).then(
      async () => {
        toast.success(t('goodsCompare.deleted'));
        setSelected([]);
        await qc.invalidateQueries({ queryKey: ['goodsCompare'] });
      },
      () => undefined,
    );

  const columns: TableProps<SkuMapRow>['columns'] = [
    { title: t('goodsCompare.productName'), dataIndex: 'productName', ellipsis: true },
    { title: 'SKU', dataIndex: 'sku' },
    { title: t('goodsCompare.ownCode'), dataIndex: 'ownCode' },
    { title: t('goodsCompare.commodity'), dataIndex: 'printName', ellipsis: true },
    { title: t('goodsCompare.taxCode'), dataIndex: 'taxCode' },
    { title: t('goodsCompare.remark'), dataIndex: 'remark', ellipsis: true },
    { title: t('goodsCompare.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) },
    {
      title: t('goodsCompare.actions'),
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_: unknown, r) => (
        <Space size={4}>
          <Can code="goodsCompare:btn_edit">
            <Button type="link" size="small" onClick={() => setDialog({ open: true, row: r })}>
              {t('goodsCompare.edit')}
            </Button>
          </Can>
          <Can code="goodsCompare:btn_del">
            <Popconfirm
              title={t('goodsCompare.confirmDelete', { sku: r.sku })}
              onConfirm={() => remove([r.id])}
            >
              <Button type="link" size="small" danger>
                {t('goodsCompare.delete')}
              </Button>
            </Popconfirm>
          </Can>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          style={{ width: 320 }}
          placeholder={t('goodsCompare.keywordHint')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Can code="goodsCompare:btn_add">
          <Button type="primary" onClick={() => setDialog({ open: true, row: null })}>
            {t('goodsCompare.add')}
          </Button>
        </Can>
        <Can code="goodsCompare:btn_del">
          <Popconfirm
            title={t('goodsCompare.confirmDeleteMany', { n: selected.length })}
            disabled={!selected.length}
            onConfirm={() => remove(selected)}
          >
            <Button danger disabled={!selected.length}>
              {t('goodsCompare.deleteSelected')}
            </Button>
          </Popconfirm>
        </Can>
      </Space>
      <Table<SkuMapRow>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        onChange={(p) => setPaging({ page: p.current ?? 1, limit: p.pageSize ?? 20 })}
        pagination={{
          current: paging.page,
          pageSize: paging.limit,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('goodsCompare.total', { total }),
        }}
      />
      <SkuMapDialog
        open={dialog.open}
        row={dialog.row}
        onClose={() => setDialog({ open: false, row: null })}
      />
    </Card>
  );
}
