import { customersMeta, gateLogsMeta, listQuery } from '@fpy/resources';
import { describe, expect, it } from 'vitest';
import { toFilterParams } from './filter-params.ts';

describe('toFilterParams', () => {
  it('turns search-form values into query parameters the list contract accepts', () => {
    const from = new Date('2024-05-01T00:00:00+08:00');
    const params = toFilterParams(gateLogsMeta, {
      createdAt: [from, null],
      path: '  /api ',
      username: '',
      status: '4xx',
      method: undefined,
    });
    expect(params).toEqual({ createdAtFrom: '2024-04-30T16:00:00.000Z', path: '/api', status: '4xx' });
    expect(listQuery(gateLogsMeta).safeParse(params).success).toBe(true);
  });

  it('sends the keyword box only for resources that declare it', () => {
    const params = toFilterParams(customersMeta, { keyword: ' yskj ', naturalPerson: 'true' });
    expect(params).toEqual({ keyword: 'yskj', naturalPerson: 'true' });
    expect(listQuery(customersMeta).safeParse(params).success).toBe(true);
    expect(toFilterParams(gateLogsMeta, { keyword: 'x' })).toEqual({});
  });
});
