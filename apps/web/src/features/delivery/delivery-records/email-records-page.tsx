import { emailRecordsMeta } from '@fpy/resources';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import { deliveryCells } from './cells.tsx';
import { ResendGivenUpButton } from './resend-given-up-button.tsx';

/** 邮件发送记录 (/emailMessage/emailRecord): every delivery of the channel, filterable and exportable. */
export default function EmailRecordsPage() {
  return (
    <ResourcePage
      meta={emailRecordsMeta}
      cells={deliveryCells('emailRecords', 'email')}
      extra={(filters) => <ResendGivenUpButton channel="email" filters={filters} />}
    />
  );
}
