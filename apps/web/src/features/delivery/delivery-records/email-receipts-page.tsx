import { emailReceiptsMeta } from '@fpy/resources';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import { deliveryCells } from './cells.tsx';

/** 邮件状态报告 (/emailMessage/emailStateReport): the providers' receipts with their codes. */
export default function EmailReceiptsPage() {
  return <ResourcePage meta={emailReceiptsMeta} cells={deliveryCells('emailReceipts', 'email')} />;
}
