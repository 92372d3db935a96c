import { listFields, type ResourceMeta, sortableKeys } from '@fpy/resources';
import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CellValue } from './cell.tsx';
import type { ResourcePageData, ResourceRow } from './query-keys.ts';

export type CellOverride = (value: unknown, row: ResourceRow) => ReactNode;

export interface TableState {
  page: number;
  limit: number;
  sort?: string;
}

export interface ResourceTableProps {
  meta: ResourceMeta;
  data: ResourcePageData | undefined;
  loading: boolean;
  state: TableState;
  onChange: (next: TableState) => void;
  /** Per-field cell renderers (a page's UI override). */
  cells?: Record<string, CellOverride>;
  /** Trailing column with the row's buttons. */
  actions?: (row: ResourceRow) => ReactNode;
  selectedId?: number;
  onRowClick?: (row: ResourceRow) => void;
  /** Checkboxes for a batch action (delete selected). */
  selection?: { keys: number[]; onChange: (keys: number[]) => void };
}

const sortOrderOf = (sort: string | undefined, key: string) =>
  sort?.replace(/^-/, '') === key ? (sort.startsWith('-') ? 'descend' : 'ascend') : null;

/** The list of a resource: one column per listed field, server-side sorting and paging. */
export function ResourceTable({
  meta,
  data,
  loading,
  state,
  onChange,
  cells = {},
  actions,
  selectedId,
  onRowClick,
  selection,
}: ResourceTableProps) {
  const { t } = useTranslation();
  const sortable = sortableKeys(meta);
  const columns: TableProps<ResourceRow>['columns'] = listFields(meta).map(([key, def]) => ({
    key,
    dataIndex: key,
    title: t(`resource.${meta.name}.fields.${key}`),
    width: def.width,
    ellipsis: (def.type === 'string' || def.type === 'richText') && !def.width,
    align: def.type === 'number' || def.type === 'money' ? ('right' as const) : undefined,
    sorter: sortable.includes(key),
    sortOrder: sortOrderOf(state.sort, key),
    render: (value: unknown, row: ResourceRow) =>
      cells[key] ? (
        cells[key](value, row)
      ) : (
        <CellValue resource={meta.name} field={key} def={def} value={value} />
      ),
  }));
  if (actions)
    columns.push({
      key: '_actions',
      title: t('crud.actions'),
      fixed: 'right',
      width: 140,
      render: (_: unknown, row: ResourceRow) => actions(row),
    });

  return (
    <Table<ResourceRow>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={data?.rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      rowSelection={
        selection && {
          selectedRowKeys: selection.keys,
          onChange: (keys) => selection.onChange(keys as number[]),
        }
      }
      rowClassName={(row) => (row.id === selectedId ? 'ant-table-row-selected' : '')}
      onRow={
        onRowClick ? (row) => ({ onClick: () => onRowClick(row), style: { cursor: 'pointer' } }) : undefined
      }
      pagination={{
        current: state.page,
        pageSize: state.limit,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('crud.total', { total }),
      }}
      onChange={(pagination, _filters, sorter) => {
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        const sort = s?.order ? `${s.order === 'descend' ? '-' : ''}${String(s.columnKey)}` : undefined;
        const limit = pagination.pageSize ?? state.limit;
        // A new sort or page size starts from the first page; a page click keeps the sort.
        const page = sort !== state.sort || limit !== state.limit ? 1 : (pagination.current ?? 1);
        onChange({ page, limit, sort });
      }}
    />
  );
}
