import { smsRecordsMeta } from '@fpy/resources';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import { deliveryCells } from './cells.tsx';
import { ResendGivenUpButton } from './resend-given-up-button.tsx';

/** 短信发送记录 (/smsMessage/smsRecord): every delivery of the channel, filterable and exportable. */
export default function SmsRecordsPage() {
  return (
    <ResourcePage
      meta={smsRecordsMeta}
      cells={deliveryCells('smsRecords', 'sms')}
      extra={(filters) => <ResendGivenUpButton channel="sms" filters={filters} />}
    />
  );
}
