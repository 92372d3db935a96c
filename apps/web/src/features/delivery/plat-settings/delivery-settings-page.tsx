import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeCardForm } from './code-card-form.tsx';
import { DeliverySettingsForm } from './delivery-settings-form.tsx';
import { EnterpriseMailForm } from './enterprise-mail-form.tsx';
import { deliverySettingsQuery } from './plat-api.ts';

/**
 * Links in mail and SMS are built on the server's public address; while that is a loopback one (PUBLIC_BASE_URL
 * unset) no buyer can open them, and only this page can say so before the first complaint.
 */
function LoopbackWarning() {
  const { t } = useTranslation();
  const { data } = useQuery(deliverySettingsQuery);
  if (!data?.publicBaseUrlIsLoopback) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('plat.delivery.loopbackTitle')}
      description={t('plat.delivery.loopbackHint', { url: data.publicBaseUrl })}
    />
  );
}

/**
 * Spec §2.12 /invoicePlat/zzsdzfp (电子发票交付设置): how issued invoices reach buyers — automatic e-mail and
 * SMS, link lifetime, attachments — the company's own mailbox, and the code-card scan page.
 */
export default function DeliverySettingsPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('plat.delivery.title')}>
      <LoopbackWarning />
      <Tabs
        destroyOnHidden={false}
        items={[
          { key: 'delivery', label: t('plat.delivery.tab'), children: <DeliverySettingsForm /> },
          { key: 'mail', label: t('plat.mail.tab'), children: <EnterpriseMailForm /> },
          { key: 'codeCard', label: t('plat.codeCard.tab'), children: <CodeCardForm /> },
        ]}
      />
    </Card>
  );
}
