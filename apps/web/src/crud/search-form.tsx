import { type FieldDef, filterFields, type ResourceMeta } from '@fpy/resources';
import { AutoComplete, Button, DatePicker, Form, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { datePresets } from '../lib/format.ts';
import { useFieldOptions } from './dict-options.ts';
import { toFilterParams } from './filter-params.ts';
import { LimitedInput } from './limited-input.tsx';

type Values = Record<string, unknown>;

function FilterInput({ meta, field, def }: { meta: ResourceMeta; field: string; def: FieldDef }) {
  const { t } = useTranslation();
  const label = t(`resource.${meta.name}.fields.${field}`);
  const options = useFieldOptions(meta.name, field, def.options);
  switch (def.filter) {
    case 'select':
      return (
        <Select
          allowClear
          options={options}
          placeholder={t('crud.placeholderSelect', { field: label })}
          style={{ width: 160 }}
        />
      );
    case 'boolean':
      return (
        <Select
          allowClear
          placeholder={t('crud.placeholderSelect', { field: label })}
          style={{ width: 120 }}
          options={[
            { value: 'true', label: t('crud.yes') },
            { value: 'false', label: t('crud.no') },
          ]}
        />
      );
    case 'dateRange':
      return (
        <DatePicker.RangePicker
          showTime
          allowEmpty={[true, true]}
          presets={datePresets()}
          placeholder={[t('crud.startTime'), t('crud.endTime')]}
        />
      );
    case 'range':
      return <RangeInputs />;
    case 'httpStatus':
      return (
        <AutoComplete
          allowClear
          style={{ width: 140 }}
          placeholder={t('crud.statusHint')}
          options={['2xx', '3xx', '4xx', '5xx'].map((v) => ({ value: v }))}
        />
      );
    case 'exact':
      if (def.type === 'number') return <InputNumber placeholder={label} style={{ width: 140 }} />;
      return <LimitedInput allowClear placeholder={t('crud.placeholderInput', { field: label })} />;
    default:
      return <LimitedInput allowClear placeholder={t('crud.placeholderInput', { field: label })} />;
  }
}

/** Two number inputs sharing one form value [min, max]. */
function RangeInputs({
  value,
  onChange,
}: {
  value?: [number | null, number | null];
  onChange?: (v: [number | null, number | null]) => void;
}) {
  const { t } = useTranslation();
  const [min, max] = value ?? [null, null];
  return (
    <Space.Compact>
      <InputNumber
        value={min}
        placeholder={t('crud.min')}
        onChange={(v) => onChange?.([v as number | null, max])}
      />
      <InputNumber
        value={max}
        placeholder={t('crud.max')}
        onChange={(v) => onChange?.([min, v as number | null])}
      />
    </Space.Compact>
  );
}

/** The search form of a resource page: one input per declared filter, except those the page fixes. */
export function SearchForm({
  meta,
  hidden = [],
  onSearch,
}: {
  meta: ResourceMeta;
  hidden?: string[];
  onSearch: (params: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const fields = filterFields(meta).filter(([key]) => !hidden.includes(key));
  if (!fields.length && !meta.keyword) return null;
  return (
    <Form
      form={form}
      layout="inline"
      name={`${meta.name}-search`}
      onFinish={(v) => onSearch(toFilterParams(meta, v))}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      {meta.keyword && (
        <Form.Item name="keyword">
          <LimitedInput allowClear style={{ width: 300 }} placeholder={t(`resource.${meta.name}.keyword`)} />
        </Form.Item>
      )}
      {fields.map(([key, def]) => (
        <Form.Item key={key} name={key} label={t(`resource.${meta.name}.fields.${key}`)}>
          <FilterInput meta={meta} field={key} def={def} />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('crud.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('crud.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
