import { smsReceiptsMeta } from '@fpy/resources';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import { deliveryCells } from './cells.tsx';

/** 短信状态报告 (/smsMessage/smsStateReport): the providers' receipts with their codes. */
export default function SmsReceiptsPage() {
  return <ResourcePage meta={smsReceiptsMeta} cells={deliveryCells('smsReceipts', 'sms')} />;
}
