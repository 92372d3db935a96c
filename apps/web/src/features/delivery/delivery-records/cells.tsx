import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CellOverride } from '../../../crud/resource-table.tsx';

const STATUS_COLOR: Record<string, string> = {
  queued: 'default',
  sending: 'processing',
  accepted: 'blue',
  delivered: 'green',
  failed: 'red',
  dead: 'volcano',
  skipped: 'orange',
  bounced: 'magenta',
};

/** 13800138000 → 138****8000: lists show a buyer's number masked; the detail view and the export show it whole. */
export const maskMobile = (v: string) => (/^\d{11}$/.test(v) ? `${v.slice(0, 3)}****${v.slice(7)}` : v);

function StatusTag({ resource, field, value }: { resource: string; field: string; value: unknown }) {
  const { t } = useTranslation();
  const v = String(value ?? '');
  return <Tag color={STATUS_COLOR[v] ?? 'default'}>{t(`resource.${resource}.options.${field}.${v}`)}</Tag>;
}

/** Cells shared by the records and receipts pages: coloured states, masked mobiles, long provider messages. */
export function deliveryCells(resource: string, channel: 'sms' | 'email'): Record<string, CellOverride> {
  return {
    status: (v) => <StatusTag resource={resource} field="status" value={v} />,
    kind: (v) => <StatusTag resource={resource} field="kind" value={v} />,
    recipient: (v) => (channel === 'sms' ? maskMobile(String(v ?? '')) : String(v ?? '')),
    errorMessage: (v) =>
      v ? (
        <Typography.Text ellipsis={{ tooltip: String(v) }} style={{ maxWidth: 220 }}>
          {String(v)}
        </Typography.Text>
      ) : (
        ''
      ),
  };
}
