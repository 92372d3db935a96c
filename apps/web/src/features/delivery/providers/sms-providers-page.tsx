import { ProvidersPage } from './providers-page.tsx';

/** /smsMessage/smsFacilitatorManage: the platform's 阿里云 / 腾讯云 / sandbox SMS accounts. */
export default function SmsProvidersPage() {
  return <ProvidersPage channel="sms" />;
}
