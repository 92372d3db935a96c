import { type CommodityRow, deleteCommodity, exportCommodities, removeCommodities } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { call, download } from '../../../lib/http.ts';
import { PagedTable, type Paging } from '../../../crud/paged-table.tsx';
import { DeleteSelectedButton, RowActions } from '../../../crud/row-actions.tsx';
import { Can, useCan } from '../../../lib/permission.tsx';
import { CommodityFormDialog, type FormMode } from './commodity-form-dialog.tsx';
import { commoditiesQuery, refreshGoods } from './goods-api.ts';
import { ImportDialog } from './import-dialog.tsx';
import { type GoodsFilters, SearchForm } from './search-form.tsx';

/**
 * Spec §3 goods-code dialog state: which dialog is open (tax-code tree, add, modify), the dialog width and
 * the row being modified. The tree's data lives in the query cache, one entry per loaded level.
 */
interface DialogState {
  tree: boolean;
  add: boolean;
  modify: boolean;
  /** Add with AI coding (btn_addznfm): the add dialog with the suggestion column. */
  ai: boolean;
  width: number;
  row: CommodityRow | null;
}
const CLOSED: DialogState = { tree: false, add: false, modify: false, ai: false, width: 720, row: null };

/** Spec §2.12 /outputInvoiceManager/goodsCode. */
export default function GoodsCodePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const canQuery = useCan('goodsCode:btn_query');
  const [filters, setFilters] = useState<GoodsFilters>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const { data, isFetching } = useQuery({
    ...commoditiesQuery({ ...filters, ...paging }),
    enabled: canQuery,
  });
  const [dialogs, setDialogs] = useState<DialogState>(CLOSED);
  const [selected, setSelected] = useState<number[]>([]);
  const [importing, setImporting] = useState(false);

  const mode: FormMode | null = dialogs.modify ? 'edit' : dialogs.add ? (dialogs.ai ? 'addAi' : 'add') : null;
  const afterDelete = async () => {
    toast.success(t('goodsCode.deleted'));
    setSelected([]);
    await refreshGoods(qc);
  };
  const removeOne = (id: number) =>
    call(deleteCommodity, { query: { id } }).then(afterDelete, () => undefined);
  const removeSelected = () =>
    call(removeCommodities, { body: { ids: selected } }).then(afterDelete, () => undefined);

  const columns: TableProps<CommodityRow>['columns'] = [
    { title: t('goodsCode.field.ownCode'), dataIndex: 'ownCode', sorter: true, width: 110 },
    { title: t('goodsCode.field.name'), dataIndex: 'name', sorter: true, ellipsis: true },
    { title: t('goodsCode.field.printName'), dataIndex: 'printName', ellipsis: true },
    { title: t('goodsCode.field.taxCode'), dataIndex: 'taxCode', sorter: true, width: 190 },
    {
      title: t('goodsCode.field.rate'),
      key: 'rate',
      render: (_: unknown, r) => r.policyLabel ?? r.rateLabel,
    },
    { title: t('goodsCode.field.spec'), dataIndex: 'spec' },
    { title: t('goodsCode.field.unit'), dataIndex: 'unit', width: 70 },
    {
      title: t('goodsCode.field.unitPrice'),
      key: 'unitPrice',
      render: (_: unknown, r) =>
        r.unitPrice
          ? `${r.unitPrice}${r.pricingMode === 'inclusive' ? t('goodsCode.inclusiveShort') : ''}`
          : '',
    },
    {
      title: t('goodsCode.field.status'),
      dataIndex: 'status',
      render: (s: number) => (
        <Tag color={s === 1 ? 'green' : 'default'}>
          {t(s === 1 ? 'goodsCode.enabled' : 'goodsCode.disabled')}
        </Tag>
      ),
    },
    {
      title: t('goodsCode.updatedAt'),
      dataIndex: 'updatedAt',
      sorter: true,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('goodsCode.actions'),
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_: unknown, r) => (
        <RowActions
          edit={{
            code: 'goodsCode:btn_edit',
            label: t('goodsCode.edit'),
            onClick: () => setDialogs({ ...CLOSED, modify: true, row: r }),
          }}
          remove={{
            code: 'goodsCode:btn_del',
            confirm: t('goodsCode.confirmDelete', { name: r.name }),
            onConfirm: () => removeOne(r.id),
          }}
        />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm
        onSearch={(f) => {
          setFilters(f);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <Space style={{ marginBottom: 16 }} wrap>
        <Can code="goodsCode:btn_add">
          <Button type="primary" onClick={() => setDialogs({ ...CLOSED, add: true })}>
            {t('goodsCode.add')}
          </Button>
        </Can>
        <Can code="goodsCode:btn_addznfm">
          <Button onClick={() => setDialogs({ ...CLOSED, add: true, ai: true, width: 1080 })}>
            {t('goodsCode.addAi')}
          </Button>
        </Can>
        <Can code="goodsCode:btn_addSave">
          <Button onClick={() => setImporting(true)}>{t('goodsCode.import.button')}</Button>
        </Can>
        <Can code="goodsCode:btn_query">
          <Button
            onClick={() =>
              void download(exportCommodities, { query: { ...filters, sort: paging.sort } }).catch(
                () => undefined,
              )
            }
          >
            {t('goodsCode.export')}
          </Button>
        </Can>
        <DeleteSelectedButton
          code="goodsCode:btn_del"
          selected={selected}
          confirm={t('goodsCode.confirmDeleteMany', { n: selected.length })}
          onConfirm={removeSelected}
        />
      </Space>
      <PagedTable<CommodityRow>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
      />
      <CommodityFormDialog
        mode={mode}
        row={dialogs.row}
        width={dialogs.width}
        treeOpen={dialogs.tree}
        setTreeOpen={(tree) => setDialogs((d) => ({ ...d, tree }))}
        onClose={() => setDialogs(CLOSED)}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </Card>
  );
}
