import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** The list query's paging part (architecture "Lists"): `sort` is `field` or `-field`. */
export interface Paging {
  page: number;
  limit: number;
  sort?: string;
}

export interface PagedTableProps<T> {
  columns: TableProps<T>['columns'];
  /** totalCapped: the server stopped counting at `total` (shown as "more than"). */
  data: { rows: T[]; total: number; totalCapped?: boolean } | undefined;
  loading?: boolean;
  paging: Paging;
  onPaging: (next: Paging) => void;
  /** The sort asked for when the user clears a column's sort (else none). */
  defaultSort?: string;
  rowSelection?: TableProps<T>['rowSelection'];
  /** The row's key when it is not `id` (a short link's code). */
  rowKey?: keyof T & string;
}

/** A hand-built page's list: server-side paging and sorting by the column's dataIndex, rows keyed by id. */
export function PagedTable<T extends object>({
  columns,
  data,
  loading,
  paging,
  onPaging,
  defaultSort,
  rowSelection,
  rowKey = 'id' as keyof T & string,
}: PagedTableProps<T>) {
  const { t } = useTranslation();
  const onChange: TableProps<T>['onChange'] = (p, _f, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = s?.order && s.field ? `${s.order === 'descend' ? '-' : ''}${String(s.field)}` : defaultSort;
    onPaging({ page: p.current ?? 1, limit: p.pageSize ?? 20, sort });
  };
  return (
    <Table<T>
      rowKey={rowKey}
      size="middle"
      scroll={{ x: 'max-content' }}
      loading={loading}
      columns={columns}
      dataSource={data?.rows ?? []}
      rowSelection={rowSelection}
      onChange={onChange}
      pagination={{
        current: paging.page,
        pageSize: paging.limit,
        total: data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t(data?.totalCapped ? 'crud.totalCapped' : 'crud.total', { total }),
      }}
    />
  );
}
