import { type FieldDef, type ResourceMeta, schemaLimits } from '@fpy/resources';
import { InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldOptions } from './dict-options.ts';
import { LimitedInput, LimitedTextArea } from './limited-input.tsx';

/** The form control of a writable field: declared widget, else one derived from its type and options. */
export function FieldInput({
  meta,
  field,
  def,
  ...control
}: {
  meta: ResourceMeta;
  field: string;
  def: FieldDef;
  value?: unknown;
  checked?: boolean;
  onChange?: (v: unknown) => void;
}) {
  const { t } = useTranslation();
  const options = useFieldOptions(meta.name, field, def.options);
  const limits = def.schema ? schemaLimits(def.schema) : {};
  const label = t(`resource.${meta.name}.fields.${field}`);
  const widget =
    def.widget ??
    (options ? 'select' : def.type === 'boolean' ? 'switch' : def.type === 'number' ? 'number' : 'input');
  const p = control as Record<string, any>;
  switch (widget) {
    case 'select':
      return (
        <Select
          {...p}
          allowClear
          options={options}
          placeholder={t('crud.placeholderSelect', { field: label })}
        />
      );
    case 'switch':
      // The form item passes `checked` for switches (valuePropName).
      return <Switch checked={!!p.checked} onChange={p.onChange} />;
    case 'number':
      return <InputNumber {...p} min={limits.min} max={limits.max} precision={0} style={{ width: '100%' }} />;
    case 'textarea':
      return (
        <LimitedTextArea
          {...p}
          maxLength={limits.maxLength}
          rows={3}
          placeholder={t('crud.placeholderInput', { field: label })}
        />
      );
    default:
      return (
        <LimitedInput
          {...p}
          maxLength={limits.maxLength}
          placeholder={t('crud.placeholderInput', { field: label })}
        />
      );
  }
}
