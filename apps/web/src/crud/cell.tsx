import { formatYuan } from '@fpy/domain';
import type { FieldDef } from '@fpy/resources';
import { Image, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, thousands } from '../lib/format.ts';
import { useFieldOptions } from './dict-options.ts';
import { RichText, richTextSummary } from './rich-text.tsx';

/** How a value of each declared type reads in the table and the detail view (spec §9 formats). */
export function CellValue({
  resource,
  field,
  def,
  value,
  full,
}: {
  resource: string;
  field: string;
  def: FieldDef;
  value: unknown;
  /** The detail view: rich text in full, a larger image. */
  full?: boolean;
}): ReactNode {
  const { t } = useTranslation();
  const options = useFieldOptions(resource, field, def.options);
  if (value === null || value === undefined || value === '') return '';
  // A list field: one tag per item (its option's label when it has options).
  if (Array.isArray(value))
    return value.map((v) => (
      <Tag key={String(v)}>{options?.find((o) => o.value === String(v))?.label ?? String(v)}</Tag>
    ));
  if (options) return options.find((o) => o.value === String(value))?.label ?? String(value);
  switch (def.type) {
    case 'datetime':
      return formatDateTime(value as string);
    case 'boolean':
      return <Tag color={value ? 'green' : 'default'}>{t(value ? 'crud.yes' : 'crud.no')}</Tag>;
    case 'number':
      return thousands(value as number);
    case 'date':
      return String(value);
    case 'money':
      // Integer fen on the wire, yuan on screen (packages/domain): never float arithmetic here.
      return `¥${formatYuan(value as number)}`;
    case 'image':
      return <Image src={String(value)} alt="" height={full ? 120 : 32} style={{ objectFit: 'contain' }} />;
    case 'richText':
      return full ? <RichText text={String(value)} /> : richTextSummary(String(value));
    default:
      return String(value);
  }
}
