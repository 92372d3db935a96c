import type { RedFormRow } from '@fpy/contracts';
import { Space, Typography } from 'antd';
import { InvoiceStatusTag } from '../../../../entities/invoice/status-tag.tsx';
import { fen } from '../../../../entities/invoice/money.ts';

/** The red invoice of a form: its number (once issued), state and 价税合计; the failure reason when it failed. */
export function RedInvoiceLink({ red }: { red: RedFormRow['redInvoice'] }) {
  if (!red) return null;
  return (
    <Space size={4} wrap data-testid="red-invoice">
      <Typography.Text copyable={!!red.number}>{red.number ?? `#${red.id}`}</Typography.Text>
      <InvoiceStatusTag status={red.status} />
      <Typography.Text type="danger">{fen(red.totalFen)}</Typography.Text>
      {red.failureReason ? <Typography.Text type="secondary">{red.failureReason}</Typography.Text> : null}
    </Space>
  );
}
