import { deleteSkuMaps, findSkuMaps, type SkuMapRow } from '@fpy/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Space, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { call } from '../../../lib/http.ts';
import { PagedTable, type Paging } from '../../../crud/paged-table.tsx';
import { DeleteSelectedButton, RowActions } from '../../../crud/row-actions.tsx';
import { Can } from '../../../lib/permission.tsx';
import { SkuMapDialog } from './sku-map-dialog.tsx';

/** Spec §2.12 /outputInvoiceManager/goodsCompare: ERP product name / SKU → the tenant's goods code. */
export default function GoodsComparePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
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
        <RowActions
          edit={{ code: 'goodsCompare:btn_edit', onClick: () => setDialog({ open: true, row: r }) }}
          remove={{
            code: 'goodsCompare:btn_del',
            confirm: t('goodsCompare.confirmDelete', { sku: r.sku }),
            onConfirm: () => remove([r.id]),
          }}
        />
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
        <DeleteSelectedButton
          code="goodsCompare:btn_del"
          selected={selected}
          confirm={t('goodsCompare.confirmDeleteMany', { n: selected.length })}
          onConfirm={() => remove(selected)}
        />
      </Space>
      <PagedTable<SkuMapRow>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
      />
      <SkuMapDialog
        open={dialog.open}
        row={dialog.row}
        onClose={() => setDialog({ open: false, row: null })}
      />
    </Card>
  );
}
