import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ContactForm } from './contact-form.tsx';
import { RecentLogins } from './recent-logins.tsx';
import { selfQuery } from './self-api.ts';

/** Spec §2.11 /personalInformation (security settings). */
export default function PersonalInformationPage() {
  const { t } = useTranslation();
  const { data } = useQuery(selfQuery);
  if (!data) return <Skeleton active />;

  return (
    <Card>
      <Tabs
        items={[
          { key: 'contact', label: t('profile.tabs.contact'), children: <ContactForm self={data} /> },
          {
            key: 'password',
            label: t('profile.tabs.password'),
            children: <ChangePasswordForm hasPhone={Boolean(data.phone)} hasEmail={Boolean(data.email)} />,
          },
          {
            key: 'logins',
            label: t('profile.tabs.logins'),
            children: <RecentLogins logins={data.recentLogins} />,
          },
        ]}
      />
    </Card>
  );
}
