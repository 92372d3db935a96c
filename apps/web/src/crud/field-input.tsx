import { formatYuan, parseYuan } from '@fpy/domain';
import { type FieldDef, imageUploadContract, type ResourceMeta, schemaLimits } from '@fpy/resources';
import { DatePicker, InputNumber, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { call } from '../lib/http.ts';
import { useFieldOptions } from './dict-options.ts';
import { ImageUpload } from './image-upload.tsx';
import { LimitedInput, LimitedTextArea } from './limited-input.tsx';

/** What the server's image store accepts (modules/platform/base/uploads): judged again from the bytes there. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'];
const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

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
  switch (def.type) {
    case 'date':
      // A calendar day travels as YYYY-MM-DD; the picker works on dayjs values.
      return (
        <DatePicker
          id={p.id}
          value={p.value ? dayjs(String(p.value)) : null}
          onChange={(d) => p.onChange?.(d ? d.format('YYYY-MM-DD') : null)}
          style={{ width: '100%' }}
        />
      );
    case 'money':
      // Typed in yuan, kept in integer fen (packages/domain parses the decimal text exactly).
      return (
        <InputNumber<string>
          id={p.id}
          stringMode
          precision={2}
          min="0"
          prefix="¥"
          style={{ width: '100%' }}
          value={p.value === null || p.value === undefined ? null : formatYuan(p.value as number)}
          onChange={(v) => p.onChange?.(v === null || v === '' ? null : parseYuan(String(v)))}
        />
      );
    case 'image':
      // The resource's own upload route (POST <base>/images): the server re-encodes and answers the address.
      return (
        <ImageUpload
          src={(p.value as string | null) ?? null}
          alt={label}
          accept={IMAGE_TYPES}
          maxBytes={IMAGE_MAX_BYTES}
          height={120}
          upload={async (file) => {
            const body = new FormData();
            body.append('file', file);
            const r = (await call(imageUploadContract(meta)!, { body })) as { url: string };
            p.onChange?.(r.url);
          }}
        />
      );
    case 'richText':
      return (
        <LimitedTextArea
          {...p}
          maxLength={limits.maxLength}
          rows={6}
          placeholder={t('crud.placeholderInput', { field: label })}
        />
      );
  }
  // A list field: tags typed freely, or several of its options.
  if (def.type === 'list')
    return (
      <Select
        {...p}
        mode={options ? 'multiple' : 'tags'}
        allowClear
        tokenSeparators={options ? undefined : [',', ' ', '\n']}
        options={options}
        placeholder={t('crud.placeholderSelect', { field: label })}
      />
    );
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
