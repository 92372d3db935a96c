import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { categoryLabel, categoryOptionsQuery, UNCATEGORISED } from './category-api.ts';

type Value = number | typeof UNCATEGORISED;

/** 发票分类 in the search form: every category of the company (disabled ones too) and 未分类. */
export function CategoryFilter(props: { value?: Value; onChange?: (v: Value | undefined) => void }) {
  const { t } = useTranslation();
  const { data } = useQuery(categoryOptionsQuery);
  return (
    <Select<Value>
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 200 }}
      placeholder={t('invoiceCategory.all')}
      options={[
        { value: UNCATEGORISED, label: t('invoiceCategory.none') },
        ...(data?.rows ?? []).map((c) => ({ value: c.id, label: categoryLabel(t, c) })),
      ]}
    />
  );
}
