import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { columnFilters, type SearchableColumn } from './column-search.tsx';

const columns: SearchableColumn<object>[] = [
  { dataIndex: 'code', search: { kind: 'text', maxLength: 32 } },
  { dataIndex: 'status', search: { kind: 'select', options: [] } },
  { dataIndex: 'createdAt', search: { kind: 'dateRange', from: 'dateFrom', to: 'dateTo' } },
  { dataIndex: 'opens' },
];

describe('column search', () => {
  it('turns the form values into query parameters: empty is absent, a range is its two days', () => {
    expect(
      columnFilters(columns, {
        code: 'abc',
        status: '',
        createdAt: [dayjs('2026-11-01T10:00:00'), dayjs('2026-11-28T23:00:00')],
        opens: 5,
      }),
    ).toEqual({ code: 'abc', status: undefined, dateFrom: '2026-11-01', dateTo: '2026-11-28' });
    expect(columnFilters(columns, {})).toEqual({
      code: undefined,
      status: undefined,
      dateFrom: undefined,
      dateTo: undefined,
    });
  });
});
