import { ProvidersPage } from './providers-page.tsx';

/** /emailMessage/emailFacilitatorManage: the platform's SMTP / sandbox e-mail accounts. */
export default function EmailProvidersPage() {
  return <ProvidersPage channel="email" />;
}
