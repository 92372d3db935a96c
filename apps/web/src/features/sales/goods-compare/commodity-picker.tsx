import { listCommodities } from '@fpy/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldControlProps, FieldOverride } from '../../../crud/field-override.ts';
import { call } from '../../../lib/http.ts';

/** The commodity is searched among the tenant's goods codes as the user types. */
function CommodityPicker({ id, value, onChange, row }: FieldControlProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // Silent: a user without the goods-code query right simply gets no choices (the server says so on save).
  const goods = useQuery({
    queryKey: ['goods', 'list', { keyword: search, limit: 20, picker: true }],
    queryFn: () =>
      call(listCommodities, { query: { keyword: search || undefined, limit: 20 }, silent: true }),
  });
  const options = (goods.data?.rows ?? []).map((c) => ({
    value: c.id,
    label: `${c.ownCode} ${c.printName}`,
  }));
  // The mapping being edited shows its commodity even when the first page of goods does not hold it.
  if (row && !options.some((o) => o.value === row.commodityId))
    options.unshift({ value: row.commodityId as number, label: `${row.ownCode} ${row.printName}` });
  return (
    <Select
      id={id}
      value={value as number | undefined}
      onChange={(v) => onChange?.(v)}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={goods.isFetching}
      options={options}
      placeholder={t('goodsCompare.commodityHint')}
    />
  );
}

export const skuMapFields: Record<string, FieldOverride> = { commodityId: { input: CommodityPicker } };
