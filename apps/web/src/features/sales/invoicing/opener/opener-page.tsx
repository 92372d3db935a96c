import { Card } from 'antd';
import { InvoiceForm } from './invoice-form.tsx';

/** Spec §2.12 /outputInvoiceManager/invoiceOpener: 发票开具 (invoiceMethod 1). */
export default function OpenerPage() {
  return (
    <Card>
      <InvoiceForm mode="issue" />
    </Card>
  );
}
