import { Button, DatePicker, Form, Input, Select, Space, type TableColumnType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { datePresets } from '../lib/format.ts';

/**
 * How a column is searched (ant-design-pro's `columns` driving table and search): a text box bounded like the
 * contract's field, a select of the column's options, or a range of days sent as `<from>`/`<to>` YYYY-MM-DD.
 */
export type ColumnSearchSpec =
  | { kind: 'text'; maxLength: number; width?: number }
  | { kind: 'select'; options: { value: string; label: string }[]; width?: number }
  | { kind: 'dateRange'; from: string; to: string };

/** A table column that may also be a search field (its dataIndex names the query parameter). */
export type SearchableColumn<T> = TableColumnType<T> & { dataIndex?: string; search?: ColumnSearchSpec };

export type ColumnFilters = Record<string, string | undefined>;

/** The query parameters of the form's values: empty boxes are absent, ranges become their two days. */
export function columnFilters<T>(
  columns: SearchableColumn<T>[],
  values: Record<string, unknown>,
): ColumnFilters {
  const out: ColumnFilters = {};
  for (const c of columns) {
    const key = c.dataIndex;
    if (!c.search || !key) continue;
    const v = values[key];
    if (c.search.kind === 'dateRange') {
      const range = v as [Dayjs, Dayjs] | null | undefined;
      out[c.search.from] = range?.[0]?.format('YYYY-MM-DD');
      out[c.search.to] = range?.[1]?.format('YYYY-MM-DD');
    } else out[key] = v === '' || v === null || v === undefined ? undefined : String(v);
  }
  return out;
}

/** The search form of a hand-built list, drawn from the same columns as its table, in their order. */
export function ColumnSearch<T>({
  columns,
  onSearch,
}: {
  columns: SearchableColumn<T>[];
  onSearch: (filters: ColumnFilters) => void;
}) {
  const { t } = useTranslation();
  const searchable = columns.filter((c) => c.search && c.dataIndex);
  return (
    <Form
      layout="inline"
      onFinish={(v) => onSearch(columnFilters(columns, v))}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      {searchable.map((c) => {
        const s = c.search!;
        return (
          <Form.Item key={c.dataIndex} name={c.dataIndex} label={c.title as string}>
            {s.kind === 'text' ? (
              <Input allowClear maxLength={s.maxLength} style={{ width: s.width ?? 180 }} />
            ) : s.kind === 'select' ? (
              <Select allowClear options={s.options} style={{ width: s.width ?? 120 }} />
            ) : (
              <DatePicker.RangePicker presets={datePresets()} />
            )}
          </Form.Item>
        );
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('crud.search')}
          </Button>
          <Button htmlType="reset" onClick={() => onSearch({})}>
            {t('crud.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
