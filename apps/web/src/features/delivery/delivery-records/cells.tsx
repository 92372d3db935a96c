import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CellOverride } from '../../../crud/resource-table.tsx';
import { FailureReason } from '../../../entities/delivery/failure-reason.tsx';
import { DeliveryStatusTag } from '../../../entities/delivery/status-tag.tsx';
import { formatDateTime } from '../../../lib/format.ts';

const KIND_COLOR: Record<string, string> = { delivered: 'green', failed: 'red', bounced: 'magenta' };

/** 13800138000 → 138****8000: lists show a buyer's number masked; the detail view and the export show it whole. */
export const maskMobile = (v: string) => (/^\d{11}$/.test(v) ? `${v.slice(0, 3)}****${v.slice(7)}` : v);

function ReceiptKindTag({ resource, value }: { resource: string; value: unknown }) {
  const { t } = useTranslation();
  const v = String(value ?? '');
  return <Tag color={KIND_COLOR[v] ?? 'default'}>{t(`resource.${resource}.options.kind.${v}`)}</Tag>;
}

const long = (v: unknown, width: number) =>
  v ? (
    <Typography.Text ellipsis={{ tooltip: String(v) }} style={{ maxWidth: width }}>
      {String(v)}
    </Typography.Text>
  ) : (
    ''
  );

/**
 * Cells shared by the records and receipts pages: states in the catalogue's one word, masked mobiles, the reason
 * as its classified kind with the provider's raw code and text behind it, the accounts tried, the next attempt.
 */
export function deliveryCells(resource: string, channel: 'sms' | 'email'): Record<string, CellOverride> {
  return {
    status: (v) => <DeliveryStatusTag status={String(v ?? '')} />,
    kind: (v) => <ReceiptKindTag resource={resource} value={v} />,
    recipient: (v) => (channel === 'sms' ? maskMobile(String(v ?? '')) : String(v ?? '')),
    failureKind: (v, row) =>
      v || row.errorCode || row.code ? (
        <FailureReason
          kind={v as string | null}
          code={(row.errorCode ?? row.code) as string | null}
          message={(row.errorMessage ?? row.message) as string | null}
        />
      ) : (
        ''
      ),
    triedAccounts: (v) => long(v, 220),
    nextAttemptAt: (v, row) => (row.status === 'retrying' && v ? formatDateTime(String(v)) : ''),
    errorMessage: (v) => long(v, 220),
    message: (v) => long(v, 220),
  };
}
