import type { FieldDef } from '@fpy/resources';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, thousands } from '../lib/format.ts';
import { useFieldOptions } from './dict-options.ts';

/** How a value of each declared type reads in the table and the detail view (spec §9 formats). */
export function CellValue({
  resource,
  field,
  def,
  value,
}: {
  resource: string;
  field: string;
  def: FieldDef;
  value: unknown;
}): ReactNode {
  const { t } = useTranslation();
  const options = useFieldOptions(resource, field, def.options);
  if (value === null || value === undefined || value === '') return '';
  if (options) return options.find((o) => o.value === String(value))?.label ?? String(value);
  switch (def.type) {
    case 'datetime':
      return formatDateTime(value as string);
    case 'boolean':
      return <Tag color={value ? 'green' : 'default'}>{t(value ? 'crud.yes' : 'crud.no')}</Tag>;
    case 'number':
      return thousands(value as number);
    default:
      return String(value);
  }
}
