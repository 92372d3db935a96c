import type { InvoiceStatus, InvoiceType } from '@fpy/domain';
import { Tag, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../lib/format.ts';
import { invoiceTypeName } from './invoice-type.ts';
import { fen } from './money.ts';
import { InvoiceStatusTag } from './status-tag.tsx';

/** The invoice fields a list may show; each row type names the ones it carries. */
export interface InvoiceListFields {
  number: string | null;
  createdAt: string;
  issuedAt: string | null;
  type: InvoiceType;
  buyerName: string;
  buyerTaxNumber: string | null;
  amountFen: number;
  taxFen: number;
  totalFen: number;
  status: InvoiceStatus;
  colour: 'blue' | 'red';
  drawer: string;
  clientSerial: string;
  failureReason: string | null;
  remarks: string | null;
}
export type InvoiceField = keyof InvoiceListFields;

type Column<Row> = TableColumnType<Row>;

/**
 * How each field is shown in any invoice list: its title (the `invoiceColumn` texts), alignment and cell. Money is
 * formatted from fen, times in Asia/Shanghai, type and status in the UI language — once, for every page.
 */
function defaults<Row>(t: TFunction, field: InvoiceField): Column<Row> {
  const base: Column<Row> = { key: field, dataIndex: field, title: t(`invoiceColumn.${field}`) };
  switch (field) {
    case 'createdAt':
    case 'issuedAt':
      return { ...base, render: (v: string | null) => formatDateTime(v) };
    case 'type':
      return { ...base, render: (v: InvoiceType) => invoiceTypeName(t, v) };
    case 'amountFen':
    case 'taxFen':
    case 'totalFen':
      return { ...base, align: 'right', render: (v: number) => fen(v) };
    case 'status':
      return { ...base, render: (v: InvoiceStatus) => <InvoiceStatusTag status={v} /> };
    case 'colour':
      return {
        ...base,
        render: (v: 'blue' | 'red') => (
          <Tag color={v === 'red' ? 'red' : 'blue'}>{t(`invoiceColour.${v}`)}</Tag>
        ),
      };
    case 'buyerName':
    case 'clientSerial':
    case 'remarks':
      return { ...base, ellipsis: true };
    case 'failureReason':
      return {
        ...base,
        ellipsis: true,
        render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : null),
      };
    default:
      return base;
  }
}

/**
 * The one column factory for invoice lists: `const col = invoiceColumns<Row>(t)`, then `col('totalFen',
 * { sorter: true })`. The second argument overrides anything (title, width, sorter, render) for the page that
 * needs it; a page's own columns (actions, applicant) sit beside these in the same array.
 */
export function invoiceColumns<Row extends Partial<InvoiceListFields>>(t: TFunction) {
  return (field: InvoiceField & keyof Row, override: Column<Row> = {}): Column<Row> => ({
    ...defaults<Row>(t, field),
    ...override,
  });
}
